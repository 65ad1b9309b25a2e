"""The `atout` command line."""
