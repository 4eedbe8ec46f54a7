"""The drive's build: our source as the device gets it (``pipeline`` lists the steps in order),
the drive itself (``bundle``), a firmware's frozen packages (``freeze``) and the font
(``fontcut``)."""
