"""Browser tests: Voila and headless Chromium (see conftest.py)."""
