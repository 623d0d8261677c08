"""The app's screens: the run itself and the confirmation dialog."""
