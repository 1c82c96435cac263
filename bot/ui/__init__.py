"""Discord presentation: restart-proof buttons, message building and delivery, error reporting."""

from __future__ import annotations
