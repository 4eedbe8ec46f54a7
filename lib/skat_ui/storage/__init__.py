"""What outlives a deal: the save in ``microcontroller.nvm`` and the deal's record.

``save`` (two alternating power-safe slots), ``persist`` (what is saved, as bytes),
``resume`` (saving the app's state), ``restore`` (the boot: settings.toml and resuming after
a reset; loaded at boot only), ``recout`` (the deal's game record on the serial console,
loaded at the end of a deal only).

On the device they are modules of the flat ``skat_ui`` package (sim/build/relayout.py); this file
holds only its docstring and does not go onto the drive.
"""
