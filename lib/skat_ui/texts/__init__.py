"""The words on screen, one module per language and use: ``de``/``en`` (the app's texts),
``settings_de``/``settings_en`` (the settings screen's, loaded there only) and
``help_de1`` ... ``help_en4`` (the rules help, six pages a module, loaded while shown).
``skat_ui.text`` loads and drops them: one language at a time, because every string costs
heap on the device.

On the device they are modules of the flat ``skat_ui`` package (``skat_ui.Tde``,
``skat_ui.Sde``, ``skat_ui.Hde1``...: sim/build/relayout.py); this file holds only its
docstring and does not go onto the drive.
"""
