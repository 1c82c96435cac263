"""Pure rules of the space-colony games: no Discord, no database, no images, no I/O."""
