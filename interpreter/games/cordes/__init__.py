"""cordes."""
