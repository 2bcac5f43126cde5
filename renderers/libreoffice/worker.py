"""
Quire's LibreOffice worker: one per warm soffice (renderers/libreoffice/pool.ts starts both).

It connects to its soffice over a UNO pipe, exports an empty document of each kind once (warm-up), says
{"ready": true} on stdout, then reads one JSON request per line on stdin and answers one JSON line per request,
in order:

    request:  {"id": 7, "in_path": "/tmp/.../in.docx", "out_path": "/tmp/.../out.pdf",
               "filter": "writer_pdf_Export", "family": "text", "filter_options": null}
    answer:   {"id": 7, "ok": true}  or  {"id": 7, "ok": false, "error": "...", "lost": false, "started": true}

`lost` says soffice is gone; `started: false` says it was gone before this file was touched (so the file is not
to blame and may be tried again elsewhere). When stdin closes (node is gone) the worker kills soffice's process
group, so no LibreOffice outlives the service.

Documents are loaded hidden, read-only, with macros never executed and links never updated (a document must not run
code or reach the network while we convert it). Spreadsheets are recalculated before export, because Excel files
carry cached formula values that other writers often leave stale or empty. PDF exports are tagged (structure tree,
MarkInfo), so the PDFs the service delivers are accessible. When the connection to soffice is lost
the worker answers the request in flight and exits with status 3; the pool then restarts the pair.

Runs with the system python3 (python3-uno); no other dependency.
"""

import json
import os
import signal
import sys
import time

import uno
from com.sun.star.beans import PropertyValue

FAMILIES = {
    "text": "com.sun.star.text.TextDocument",
    "spreadsheet": "com.sun.star.sheet.SpreadsheetDocument",
    "presentation": "com.sun.star.presentation.PresentationDocument",
}

# com.sun.star.document.MacroExecMode.NEVER_EXECUTE and UpdateDocMode.NO_UPDATE.
NEVER_EXECUTE = 0
NO_UPDATE = 0

EXIT_CONNECTION_LOST = 3


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def say(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def connect(pipe, timeout_s):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    url = "uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe
    deadline = time.monotonic() + timeout_s
    delay = 0.02
    while True:
        try:
            ctx = resolver.resolve(url)
            break
        except Exception as error:  # NoConnectException until soffice listens
            if time.monotonic() > deadline:
                raise RuntimeError("soffice did not accept a connection on pipe %s within %ss: %s" % (pipe, timeout_s, error))
            time.sleep(delay)
            delay = min(delay * 1.5, 0.2)
    return ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)


def family_of(doc):
    for name, service in FAMILIES.items():
        if doc.supportsService(service):
            return name
    return "other"


def close(doc):
    try:
        doc.close(True)
    except Exception:
        try:
            doc.dispose()
        except Exception:
            pass


class LostBeforeStart(Exception):
    """soffice was already gone when the request came: nothing of this file ran, the pool may try it elsewhere."""


def convert(desktop, req):
    if not reachable(desktop):
        raise LostBeforeStart("soffice is gone")
    in_url = uno.systemPathToFileUrl(req["in_path"])
    out_url = uno.systemPathToFileUrl(req["out_path"])
    load = (
        prop("Hidden", True),
        prop("ReadOnly", True),
        prop("MacroExecutionMode", NEVER_EXECUTE),
        prop("UpdateDocMode", NO_UPDATE),
    )
    doc = desktop.loadComponentFromURL(in_url, "_blank", 0, load)
    if doc is None:
        raise ValueError("LibreOffice could not open the file (damaged, encrypted or not an office document)")
    try:
        family = family_of(doc)
        want = req.get("family")
        if want and family != want:
            raise ValueError("the file is a %s document, not a %s document" % (family, want))
        if family == "spreadsheet":
            doc.calculateAll()
            if req["filter"].startswith("Text - txt - csv"):
                # CSV holds one sheet: the active one. Make that the first, whatever the file last showed.
                controller = doc.getCurrentController()
                if controller is not None and doc.Sheets.getCount() > 0:
                    controller.setActiveSheet(doc.Sheets.getByIndex(0))
        store = [prop("FilterName", req["filter"]), prop("Overwrite", True)]
        if req["filter"].endswith("_pdf_Export"):
            store.append(prop("FilterData", pdf_filter_data()))
        if req.get("filter_options"):
            store.append(prop("FilterOptions", req["filter_options"]))
        doc.storeToURL(out_url, tuple(store))
    finally:
        close(doc)


def pdf_filter_data():
    """A tagged PDF (structure tree, reading order, alternative texts): what screen readers and PDF/UA checks need,
    and what accessibility rules for public documents ask for."""
    return uno.Any("[]com.sun.star.beans.PropertyValue", (prop("UseTaggedPDF", True), prop("PDFUACompliance", True)))


def reachable(desktop):
    """One round trip to soffice. After soffice dies, any call fails (with one RuntimeException or another)."""
    try:
        desktop.getFrames()
        return True
    except Exception:
        return False


def warm_up(desktop, scratch):
    """Exports an empty document of each kind once, so the first real file does not pay for loading Writer, Calc,
    Impress and the PDF export (about 0.15 s each). Runs before "ready", so it is part of starting, never of the
    time a request is given."""
    if not scratch:
        return
    for factory, export in (("swriter", "writer_pdf_Export"), ("scalc", "calc_pdf_Export"), ("simpress", "impress_pdf_Export")):
        try:
            doc = desktop.loadComponentFromURL("private:factory/" + factory, "_blank", 0, (prop("Hidden", True),))
            try:
                doc.storeToURL(uno.systemPathToFileUrl(os.path.join(scratch, "warm-up.pdf")), (prop("FilterName", export),))
            finally:
                close(doc)
        except Exception as error:
            sys.stderr.write("warm-up %s: %s\n" % (factory, error))


def kill_soffice(pgid):
    """The worker and its soffice live and die together: when node goes away (stdin closes) soffice must not stay."""
    if pgid > 0:
        try:
            os.killpg(pgid, signal.SIGKILL)
        except OSError:
            pass


def main():
    args = dict(zip(sys.argv[1::2], sys.argv[2::2]))
    pipe = args["--pipe"]
    pgid = int(args.get("--soffice-pgid", "0"))
    timeout_s = float(args.get("--connect-timeout", "60"))
    try:
        try:
            desktop = connect(pipe, timeout_s)
        except Exception as error:
            say({"ready": False, "error": str(error)})
            return 2
        warm_up(desktop, args.get("--scratch"))
        say({"ready": True})
        return serve(desktop)
    finally:
        # However this ends (stdin closed because node is gone, a broken pipe, soffice lost), no soffice is left.
        kill_soffice(pgid)


def serve(desktop):
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        req = json.loads(line)
        try:
            convert(desktop, req)
            say({"id": req["id"], "ok": True})
        except Exception as error:
            message = getattr(error, "Message", None) or str(error) or type(error).__name__
            lost = not reachable(desktop)
            before = isinstance(error, LostBeforeStart)
            say({"id": req["id"], "ok": False, "error": "%s: %s" % (type(error).__name__, message),
                 "lost": lost or before, "started": not before})
            if lost or before:
                return EXIT_CONNECTION_LOST
    return 0


if __name__ == "__main__":
    sys.exit(main())
