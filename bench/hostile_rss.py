"""Peak memory of `plagscope check` on a folder of hostile inputs; prints one table.

    python bench/hostile_rss.py            # every table
    python bench/hostile_rss.py --checks   # only hostile saved checks and a damaged archive
    python bench/hostile_rss.py --checks --root ../old   # the same files read by an older checkout

Builds the submissions folder of tests/data/make_fixtures.py (every bad input, a 20 MB .txt,
zip bombs, looping PDFs, a symlink loop, two good essays) and runs `plagscope check` on it in
a child process, next to a run on the two good essays alone, reading each child's peak RSS.
The zip bombs must not inflate: the hostile run may only cost a fixed amount more.
Then a 15 MB .docx of many tiny runs (about 160 MB of XML; Word-like random rsids, so it is
no zip bomb) with the two essays: reading any accepted file must stay under 500 MB.
Last, each hostile file read alone in a child process (`load_document`): its time, peak
memory and the reason given, with a PDF of 500 pages sharing one 8 MB content stream (~100 KB).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CODE = ROOT  # the checkout whose `plagscope` runs (--root: an older one, side by side)
BOUND_MB = 400  # the fixed bound the hostile run must stay under


def fixtures():
    spec = importlib.util.spec_from_file_location("make_fixtures", ROOT / "tests/data/make_fixtures.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def child_peak(cmd: list[str]) -> tuple[float, float, int]:
    """(peak RSS in MB, seconds, exit status) of one child process, measured for it alone."""
    import os

    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_maxrss / 1024, time.perf_counter() - start, proc.returncode


def run_check(paths: list[Path]) -> tuple[float, float, int]:
    """(peak RSS in MB, seconds, exit status) of one `plagscope check` child process."""
    code = "import sys; from core.cli import main; sys.exit(main(sys.argv[1:]))"
    return child_peak([sys.executable, "-c", code, "check", *map(str, paths), "--quiet",
                       "--workers", "1", "--top", "0"])


def tiny_runs_docx(path: Path, target_mb: float = 15.0, seed: int = 1) -> Path:
    """A .docx of one-character runs, about `target_mb` MB packed."""
    import io
    import random
    import zipfile
    import zlib

    import docx

    rng = random.Random(seed)
    base = io.BytesIO()
    docx.Document().save(base)
    with zipfile.ZipFile(io.BytesIO(base.getvalue())) as z:
        parts = {name: z.read(name) for name in z.namelist()}
    xml = parts["word/document.xml"].decode()
    head, tail = xml.split("<w:body>")[0] + "<w:body>", "<w:sectPr" + xml.split("<w:sectPr", 1)[1]
    alphabet = [chr(c) for c in range(0x4E00, 0x4E00 + 3000)]
    compressor, packed, chunks = zlib.compressobj(6), 0, []
    while packed < target_mb * 2**20:
        p = "<w:p>" + "".join(
            f'<w:r w:rsidR="{rng.getrandbits(32):08X}"><w:rPr><w:rFonts w:hint="eastAsia"/>'
            f'<w:sz w:val="{rng.choice((21, 24))}"/></w:rPr><w:t>{rng.choice(alphabet)}</w:t></w:r>'
            for _ in range(200)) + "</w:p>"
        chunks.append(p)
        packed += len(compressor.compress(p.encode()))
    parts["word/document.xml"] = (head + "".join(chunks) + tail).encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in parts.items():
            z.writestr(name, data)
    return path


READ_ONE = ("import sys\nfrom core.errors import LoadError\nfrom core.loaders import load_document\n"
            "try:\n    load_document(sys.argv[1])\nexcept LoadError as e:\n    sys.exit(e.code)\n")


def per_file() -> None:
    """Each hostile file read alone: seconds, peak RSS and the reason (the read budget's case too)."""
    mf = fixtures()
    with tempfile.TemporaryDirectory() as tmp:
        folder = mf.make_hostile_folder(Path(tmp))
        mf.make_repeated_content_pdf(folder)  # 500 pages x one shared 8 MB content stream
        print(f"\n{'file (read alone)':34} {'KB':>8} {'peak RSS MB':>11} {'seconds':>8}  result")
        for path in sorted(p for p in folder.iterdir() if p.is_file() and not p.is_symlink()):
            start = time.perf_counter()
            proc = subprocess.Popen([sys.executable, "-c", READ_ONE, str(path)], cwd=ROOT,
                                    stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            import os

            _, status, usage = os.wait4(proc.pid, 0)
            seconds = time.perf_counter() - start
            code = proc.stderr.read().strip() or ("read" if os.waitstatus_to_exitcode(status) == 0 else "?")
            proc.stderr.close()
            print(f"{path.name:34} {path.stat().st_size / 1024:8.0f} {usage.ru_maxrss / 1024:11.0f} "
                  f"{seconds:8.2f}  {code}")


def cli_peak(*args) -> tuple[float, float, int]:
    """(peak RSS in MB, seconds, exit status) of `plagscope ARGS` in a child process (a 60 s
    bound: a child still running then counts as hung, exit "hung")."""
    code = "import sys; from core.cli import main; sys.exit(main(sys.argv[1:]))"
    import os
    import resource
    import signal
    import threading

    def bounded() -> None:  # a bomb that inflates stops at 2 GB, never takes the machine
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    proc = subprocess.Popen([sys.executable, "-c", code, *map(str, args)], cwd=CODE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            preexec_fn=bounded)  # noqa: PLW1509 (limits the child's memory before exec; the bench has no threads then)
    timer = threading.Timer(60, lambda: os.kill(proc.pid, signal.SIGKILL))
    start = time.perf_counter()
    timer.start()
    _, status, usage = os.wait4(proc.pid, 0)
    timer.cancel()
    proc.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_maxrss / 1024, time.perf_counter() - start, proc.returncode


def checks_table() -> None:
    """Every hostile saved check of tests/data/make_hostile.py exported (`plagscope report`),
    then an archive with a broken page: `archive add`, `check`, `repair` into a new file."""
    import shutil

    print(f"{'saved check (report --json)':28} {'file kB':>8} {'peak RSS MB':>11} {'seconds':>8} {'exit':>5}")
    with tempfile.TemporaryDirectory() as tmp:
        # made in a child: this process must stay small, as a child's peak counts the memory
        # it was forked with
        listing = subprocess.run([sys.executable, "tests/data/make_hostile.py", str(Path(tmp) / "checks")],
                                 cwd=ROOT, check=True, capture_output=True, text=True).stdout
        made = dict(line.split(" ", 1) for line in listing.splitlines())
        for name, path in made.items():
            path = Path(path)
            mb, s, rc = cli_peak("report", path, "--json", Path(tmp) / f"{name}.json")
            print(f"{name:28} {path.stat().st_size / 1024:8.0f} {mb:11.0f} {s:8.2f} {rc:>5}")
        archive = Path(tmp) / "archive.sqlite3"
        samples = sorted((ROOT / "resources" / "samples").glob("*.txt"))
        cli_peak("archive", "add", *samples[:6], "--db", archive, "--quiet")
        import sqlite3

        conn = sqlite3.connect(archive)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        page = conn.execute("PRAGMA page_size").fetchone()[0]
        root = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'postings'").fetchone()[0]
        conn.close()
        with open(archive, "r+b") as f:
            f.seek((root - 1) * page)
            f.write(b"\x77" * 12)
        print(f"{'archive, a broken page':28} {'':>8} {'peak RSS MB':>11} {'seconds':>8} {'exit':>5}")
        for label, args in (("archive add (refused)", ("archive", "add", *samples[6:], "--db", archive, "--quiet")),
                            ("archive check", ("archive", "check", "--db", archive)),
                            ("archive repair NEW", ("archive", "repair", Path(tmp) / "new.sqlite3", "--db", archive,
                                                    "--quiet"))):
            mb, s, rc = cli_peak(*args)
            print(f"{label:28} {archive.stat().st_size / 1024:8.0f} {mb:11.0f} {s:8.2f} {rc:>5}")
        shutil.rmtree(Path(tmp) / "checks", ignore_errors=True)


def main() -> None:
    global CODE
    if "--root" in sys.argv[1:]:
        CODE = Path(sys.argv[sys.argv.index("--root") + 1]).resolve()
    if "--checks" in sys.argv[1:]:
        checks_table()
        return
    mf = fixtures()
    with tempfile.TemporaryDirectory() as tmp:
        folder = mf.make_hostile_folder(Path(tmp))
        files = sorted(p.name for p in folder.iterdir())
        good = [folder / "essay_a.txt", folder / "essay_b.txt"]
        good_mb, good_s, good_rc = run_check(good)
        bad_mb, bad_s, bad_rc = run_check([folder])
    print(f"hostile folder: {len(files)} entries (bad inputs, 20 MB txt, zip bombs, loops)")
    print(f"{'run':28} {'peak RSS MB':>11} {'seconds':>8} {'exit':>5}")
    print(f"{'two good essays':28} {good_mb:11.0f} {good_s:8.2f} {good_rc:>5}")
    print(f"{'hostile folder + the two':28} {bad_mb:11.0f} {bad_s:8.2f} {bad_rc:>5}")
    verdict = "within" if bad_mb <= BOUND_MB and bad_rc == 0 else "OVER"
    print(f"bound {BOUND_MB} MB: {verdict}")
    with tempfile.TemporaryDirectory() as tmp:
        # made in a child: this process must stay small, as a child's peak counts the memory
        # it was forked with
        big = Path(tmp) / "tiny_runs.docx"
        subprocess.run([sys.executable, "-c", ("import sys; sys.path.insert(0, 'bench'); "
                        "from pathlib import Path; from hostile_rss import tiny_runs_docx; "
                        "tiny_runs_docx(Path(sys.argv[1]))"), str(big)], cwd=ROOT, check=True)
        import zipfile

        xml_mb = zipfile.ZipFile(big).getinfo("word/document.xml").file_size / 2**20
        docx_mb = big.stat().st_size / 2**20
        # reading alone, then the whole check
        code = "import sys; from core.loaders import load_document; load_document(sys.argv[1])"
        read_mb, read_s, read_rc = child_peak([sys.executable, "-c", code, str(big)])
        folder = fixtures().make_hostile_folder(Path(tmp) / "h")
        mb, s, rc = run_check([big, folder / "essay_a.txt", folder / "essay_b.txt"])
    name = f"{docx_mb:.0f} MB docx, {xml_mb:.0f} MB XML"
    print(f"{'read it: ' + name:28} {read_mb:11.0f} {read_s:8.2f} {read_rc:>5}")
    print(f"{'check it with the two':28} {mb:11.0f} {s:8.2f} {rc:>5}")
    print(f"reading within 500 MB: {'yes' if read_mb <= 500 and read_rc == 0 else 'NO'}")
    per_file()
    print()
    checks_table()


if __name__ == "__main__":
    main()
