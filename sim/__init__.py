"""Desktop tools of Skat-en-deux: ``python -m sim <tool> [args]`` (see sim/__main__.py)."""
