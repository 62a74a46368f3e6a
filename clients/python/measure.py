"""Per-test cost from Python: instance create -> first signed call -> delete, against one ccemu
process, as the `ccemu` fixture pays it. Prints the median and p90 over N runs (default 50) after
5 warm-up runs. Run: CCEMU_DIR=/path/to/clone python3 measure.py [N]  (docs/python.md has figures)."""

import statistics
import sys
import time

import ccemu


def once(process: ccemu.RunningCcemu) -> float:
    started = time.perf_counter()
    instance = process.create_instance()
    status, body = instance.call("POST", "/gateway/robot_list", {"robotStatus": 1})
    assert status == 200, body
    instance.remove()
    return (time.perf_counter() - started) * 1000


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    with ccemu.start() as process:
        for _ in range(5):
            once(process)
        times = sorted(once(process) for _ in range(runs))
    print(f"create -> first signed call -> delete, {runs} runs: median {statistics.median(times):.1f} ms,"
          f" p90 {times[int(runs * 0.9) - 1]:.1f} ms, min {times[0]:.1f} ms")


if __name__ == "__main__":
    main()
