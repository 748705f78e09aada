"""Compagnon's Flet user interface: renders engine state and sends events; computes no rule."""
