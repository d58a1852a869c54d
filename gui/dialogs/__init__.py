"""Dialogs: options, message boxes, export."""
