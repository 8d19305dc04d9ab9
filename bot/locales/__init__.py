"""Message catalogues, one module per supported language (plain dicts, so they ship as code)."""
