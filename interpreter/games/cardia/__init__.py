"""cardia."""
