"""Classical planners over GroundTask arrays (the vectorized search core lands with issue 4)."""
