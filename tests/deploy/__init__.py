"""Deployment tests: Binder and JupyterHub as a teacher runs them (see conftest.py)."""
