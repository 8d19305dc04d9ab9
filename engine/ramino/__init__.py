"""Ramino (classic Italian rummy)."""
