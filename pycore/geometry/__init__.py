"""Geometry: hex and square grids, the exact plane, clearance, rays and walls; no maps, systems or views."""
