"""Pystone 1.2 (R. P. Weicker's Dhrystone 1.1 as a Python benchmark), portable port.

Runs unchanged on CPython, MicroPython and CircuitPython: the published
"pystones per second" of a board and the fuel this port costs in the wasm harness
together calibrate fuel to device seconds (sim/tools/calibrate.py, skat_core/budget.py).

The work per pass is that of pystone 1.2, operation for operation: the same record
copies, global reads and writes, string comparisons and 51x51 array updates, so a
pass here costs what a pass of the classic benchmark costs on the device. The
classic time for the empty ``for`` loop is subtracted the same way (``null`` below).

    run(loops, mark=None) -> (seconds, pystones_per_second)
        ``mark(label)`` is called at "null0", "null1", "main0", "main1" so a host
        that meters the run (fuel) can subtract the empty loop exactly.
"""

import time

LOOPS = 50000

IDENT1 = 1
IDENT2 = 2
IDENT3 = 3
IDENT4 = 4
IDENT5 = 5


def _clock_factory():
    # CPython has perf_counter; MicroPython/CircuitPython have ticks_ms (and
    # CircuitPython monotonic); fall back to time.time.
    if hasattr(time, "perf_counter"):
        return time.perf_counter
    if hasattr(time, "ticks_ms"):
        return lambda: time.ticks_ms() / 1000.0
    if hasattr(time, "monotonic"):
        return time.monotonic
    return time.time


clock = _clock_factory()


class Record:
    """Dhrystone's record type: a pointer, a discriminant and three components."""

    def __init__(self, ptr_comp=None, discr=0, enum_comp=0, int_comp=0, string_comp=0):
        self.ptr_comp = ptr_comp
        self.discr = discr
        self.enum_comp = enum_comp
        self.int_comp = int_comp
        self.string_comp = string_comp

    def copy(self):
        return Record(self.ptr_comp, self.discr, self.enum_comp, self.int_comp,
                      self.string_comp)


# Globals of the benchmark (Dhrystone keeps its state in globals on purpose: the
# global loads and stores are part of what it measures).
int_glob = 0
bool_glob = 0
char1_glob = "\0"
char2_glob = "\0"
array1_glob = [0] * 51
array2_glob = [[0] * 51 for _ in range(51)]
ptr_glb = None
ptr_glb_next = None


def _reset():
    global int_glob, bool_glob, char1_glob, char2_glob, array1_glob, array2_glob
    global ptr_glb, ptr_glb_next
    int_glob = 0
    bool_glob = 0
    char1_glob = "\0"
    char2_glob = "\0"
    array1_glob = [0] * 51
    array2_glob = [[0] * 51 for _ in range(51)]
    ptr_glb = None
    ptr_glb_next = None


def run(loops=LOOPS, mark=None):
    """Run ``loops`` passes; return (seconds without the empty loop, pystones/s)."""
    _reset()
    seconds = proc0(loops, mark)
    rate = loops / seconds if seconds > 0 else 0.0
    return seconds, rate


def proc0(loops, mark=None):
    global int_glob, bool_glob, char1_glob, char2_glob, array1_glob, array2_glob
    global ptr_glb, ptr_glb_next

    if mark:
        mark("null0")
    start = clock()
    for i in range(loops):
        pass
    null_time = clock() - start
    if mark:
        mark("null1")

    ptr_glb_next = Record()
    ptr_glb = Record()
    ptr_glb.ptr_comp = ptr_glb_next
    ptr_glb.discr = IDENT1
    ptr_glb.enum_comp = IDENT3
    ptr_glb.int_comp = 40
    ptr_glb.string_comp = "DHRYSTONE PROGRAM, SOME STRING"
    string1_loc = "DHRYSTONE PROGRAM, 1'ST STRING"
    array2_glob[8][7] = 10

    if mark:
        mark("main0")
    start = clock()
    for i in range(loops):
        proc5()
        proc4()
        int_loc1 = 2
        int_loc2 = 3
        string2_loc = "DHRYSTONE PROGRAM, 2'ND STRING"
        enum_loc = IDENT2
        bool_glob = not func2(string1_loc, string2_loc)
        while int_loc1 < int_loc2:
            int_loc3 = 5 * int_loc1 - int_loc2
            int_loc3 = proc7(int_loc1, int_loc2)
            int_loc1 = int_loc1 + 1
        proc8(array1_glob, array2_glob, int_loc1, int_loc3)
        ptr_glb = proc1(ptr_glb)
        char_index = "A"
        while char_index <= char2_glob:
            if enum_loc == func1(char_index, "C"):
                enum_loc = proc6(IDENT1)
            char_index = chr(ord(char_index) + 1)
        int_loc3 = int_loc2 * int_loc1
        int_loc2 = int_loc3 // int_loc1
        int_loc2 = 7 * (int_loc3 - int_loc2) - int_loc1
        int_loc1 = proc2(int_loc1)
    elapsed = clock() - start - null_time
    if mark:
        mark("main1")
    return elapsed


def proc1(ptr_par_in):
    next_record = ptr_glb.copy()
    ptr_par_in.ptr_comp = next_record
    ptr_par_in.int_comp = 5
    next_record.int_comp = ptr_par_in.int_comp
    next_record.ptr_comp = ptr_par_in.ptr_comp
    next_record.ptr_comp = proc3(next_record.ptr_comp)
    if next_record.discr == IDENT1:
        next_record.int_comp = 6
        next_record.enum_comp = proc6(ptr_par_in.enum_comp)
        next_record.ptr_comp = ptr_glb.ptr_comp
        next_record.int_comp = proc7(next_record.int_comp, 10)
    else:
        ptr_par_in = next_record.copy()
    next_record.ptr_comp = None
    return ptr_par_in


def proc2(int_par_io):
    int_loc = int_par_io + 10
    while 1:
        if char1_glob == "A":
            int_loc = int_loc - 1
            int_par_io = int_loc - int_glob
            enum_loc = IDENT1
        if enum_loc == IDENT1:
            break
    return int_par_io


def proc3(ptr_par_out):
    global int_glob
    if ptr_glb is not None:
        ptr_par_out = ptr_glb.ptr_comp
    else:
        int_glob = 100
    ptr_glb.int_comp = proc7(10, int_glob)
    return ptr_par_out


def proc4():
    global char2_glob
    bool_loc = char1_glob == "A"
    bool_loc = bool_loc or bool_glob
    char2_glob = "B"


def proc5():
    global char1_glob, bool_glob
    char1_glob = "A"
    bool_glob = 0


def proc6(enum_par_in):
    enum_par_out = enum_par_in
    if not func3(enum_par_in):
        enum_par_out = IDENT4
    if enum_par_in == IDENT1:
        enum_par_out = IDENT1
    elif enum_par_in == IDENT2:
        if int_glob > 100:
            enum_par_out = IDENT1
        else:
            enum_par_out = IDENT4
    elif enum_par_in == IDENT3:
        enum_par_out = IDENT2
    elif enum_par_in == IDENT4:
        pass
    elif enum_par_in == IDENT5:
        enum_par_out = IDENT3
    return enum_par_out


def proc7(int_par_i1, int_par_i2):
    int_loc = int_par_i1 + 2
    int_par_out = int_par_i2 + int_loc
    return int_par_out


def proc8(array1_par, array2_par, int_par_i1, int_par_i2):
    global int_glob
    int_loc = int_par_i1 + 5
    array1_par[int_loc] = int_par_i2
    array1_par[int_loc + 1] = array1_par[int_loc]
    array1_par[int_loc + 30] = int_loc
    for int_index in range(int_loc, int_loc + 2):
        array2_par[int_loc][int_index] = int_loc
    array2_par[int_loc][int_loc - 1] = array2_par[int_loc][int_loc - 1] + 1
    array2_par[int_loc + 20][int_loc] = array1_par[int_loc]
    int_glob = 5


def func1(char_par1, char_par2):
    char_loc1 = char_par1
    char_loc2 = char_loc1
    if char_loc2 != char_par2:
        return IDENT1
    return IDENT2


def func2(str_par_i1, str_par_i2):
    int_loc = 1
    while int_loc <= 1:
        if func1(str_par_i1[int_loc], str_par_i2[int_loc + 1]) == IDENT1:
            char_loc = "A"
            int_loc = int_loc + 1
    if char_loc >= "W" and char_loc <= "Z":
        int_loc = 7
    if char_loc == "X":
        return 1
    if str_par_i1 > str_par_i2:
        int_loc = int_loc + 7
        return 1
    return 0


def func3(enum_par_in):
    enum_loc = enum_par_in
    if enum_loc == IDENT3:
        return 1
    return 0


def main(loops=LOOPS):
    seconds, rate = run(loops)
    print("Pystone(1.2) time for %d passes = %g" % (loops, seconds))
    print("This machine benchmarks at %g pystones/second" % rate)


if __name__ == "__main__":
    main()
