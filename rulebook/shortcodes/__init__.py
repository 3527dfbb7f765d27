"""Shortcodes: what a page writes as {{ name args }}, each rendered from pycore by the module named for it."""
