"""Tests of the Ramino engine."""
