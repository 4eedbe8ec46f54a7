"""vectorio shapes: a few words each on the device."""


class _Shape:
    def __init__(self, *, pixel_shader, x=0, y=0, color_index=0, **kw):
        self.pixel_shader = pixel_shader
        self.x = x
        self.y = y
        self.color_index = color_index
        self.hidden = False
        for k in kw:
            setattr(self, k, kw[k])


class Rectangle(_Shape):
    pass


class Circle(_Shape):
    pass


class Polygon(_Shape):
    pass
