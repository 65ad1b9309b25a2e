"""dragons."""
