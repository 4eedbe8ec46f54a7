"""The app's screens, one module per screen family: ``play`` (the tricks), ``bid``, ``table``
(skat and discard), ``declare``, ``result`` (a deal's end), ``analysis`` (the player's cards
after the deal), ``menu`` (title, game menu, settings, help, sheet, notices) and ``base`` (what
they share: menus, headers, card rows, colours).

The app loads a screen's module when its phase comes and drops the others
(``skat_ui.app.load``/``drop`` with an index of ``skat_core.APP``, the residency table). On
the device they are modules of the flat ``skat_ui`` package (``skat_ui.Cf``...:
sim/build/relayout.py); this file holds only its
docstring and does not go onto the drive.
"""
