import fontio

FONT = fontio.BuiltinFont()
