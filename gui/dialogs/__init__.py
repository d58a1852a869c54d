"""Dialogs: options, message boxes. (The export dialog is `gui.export_dialog`.)"""
