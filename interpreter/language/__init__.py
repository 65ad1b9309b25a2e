"""The card language: reading files into a validated AST, with diagnostics."""
