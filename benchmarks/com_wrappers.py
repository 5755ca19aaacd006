"""What pywin32's first use of SAPI 5 costs, in part, measured where there is no Windows.

The first time accessible-output2 makes SAPI 5's COM object, pywin32 generates Python
wrappers for SAPI's type library (makepy) and compiles them. The generated module for
``sapi.dll`` ("Microsoft Speech Object Library") is about 305,000 characters. This
script writes a module of that size and shape (a ``constants`` class of 1,100 enum
values, then dispatch classes of twelve ``InvokeTypes`` methods and their property
maps, as makepy writes them) and times compiling it, in processor time; the
generation itself (walking the type library through COM) cannot be run here and costs
a few times as much (docs/speech.md, "The speech thread"). Prints one JSON object.

Run: ``uv run python benchmarks/com_wrappers.py [--runs N]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

SAPI_CHARS = 305_471  # makepy's module for sapi.dll, SAPI 5.4
CONSTANTS = 1_100
METHODS = 12
PROPERTIES = 8


def constants() -> str:
    lines = [
        f"\tDISPID_SPEECH_{i:<20}={i:<10} # from enum DISPID_Speech\n" for i in range(CONSTANTS)
    ]
    return "class constants:\n" + "".join(lines)


def dispatch_class(number: int) -> str:
    """One wrapper class as makepy writes it."""
    head = (
        f"\nclass ISpeechThing{number}(DispatchBaseClass):\n"
        f"\t'ISpeechThing{number} Interface'\n"
        "\tCLSID = str('{6D60EB64-ACED-40A6-BBF3-4E557F71DEE2}')\n"
        "\tcoclass_clsid = None\n\n"
    )
    methods = "".join(
        f"\tdef Method{m}(self, Text=defaultNamedNotOptArg, Flags=0):\n"
        f"\t\t'Method{m}'\n"
        f"\t\treturn self._oleobj_.InvokeTypes({m + 1}, LCID, 1, (3, 0), ((8, 1), (3, 49)),Text\n"
        "\t\t\t, Flags)\n\n"
        for m in range(METHODS)
    )
    gets = "".join(
        f'\t\t"Prop{p}": (1{p}, 2, (3, 0), (), "Prop{p}", None),\n' for p in range(PROPERTIES)
    )
    puts = "".join(f'\t\t"Prop{p}" : ((1{p}, LCID, 4, 0),()),\n' for p in range(PROPERTIES))
    return (
        head + methods + f"\t_prop_map_get_ = {{\n{gets}\t}}\n\t_prop_map_put_ = {{\n{puts}\t}}\n"
    )


def module_like_sapis() -> tuple[str, int]:
    """The module's text and its number of classes."""
    parts = [
        "LCID = 0x0\ndefaultNamedNotOptArg = None\nclass DispatchBaseClass: pass\n",
        constants(),
    ]
    size = sum(map(len, parts))
    classes = 0
    while size < SAPI_CHARS:
        classes += 1
        parts.append(dispatch_class(classes))
        size += len(parts[-1])
    return "".join(parts), classes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    source, classes = module_like_sapis()
    seconds: list[float] = []
    for _ in range(runs):
        began = time.process_time()
        compile(source, "sapi_wrappers.py", "exec")
        seconds.append(time.process_time() - began)
    ordered = sorted(seconds)
    print(
        json.dumps(
            {
                "chars": len(source),
                "classes": classes,
                "runs": runs,
                "compile_cpu_median_s": round(statistics.median(seconds), 3),
                "compile_cpu_p99_s": round(
                    ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))], 3
                ),
                "load_average": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
            }
        )
    )


if __name__ == "__main__":
    main()
