/// The report pages' style sheet (`report.html`, and `legacy-check.html` and `survey.html` in
/// the same style), inlined into each page's `<style>` element: a page loads nothing.
/// Long strings wrap anywhere, wide tables scroll inside their box, and below 700 px the
/// side-by-side parts stack, so the page reads at phone width.
enum ReportStyle {
    static let css = """
        :root { --ink: #1d2430; --muted: #5b6575; --line: #d8dde5; --bad: #b42318; --bad-bg: #fee4e2; --ok: #067647; --ok-bg: #dcfae6;
                --exp: #93370d; --exp-bg: #fef0c7; --code-bg: #f4f6f9; --mark: #fde68a; --path: #eef4ff; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: #fff; overflow-wrap: anywhere; }
        header, main, footer { max-width: 1200px; margin: 0 auto; padding: 0 16px; }
        header { padding-top: 12px; padding-bottom: 8px; border-bottom: 1px solid var(--line); }
        h1 { font-size: 22px; margin: 4px 0; }
        h2 { font-size: 19px; margin: 26px 0 8px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
        h3 { font-size: 16px; margin: 14px 0 6px; }
        h4 { font-size: 12px; margin: 14px 0 4px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
        h5 { font-size: 13px; margin: 0 0 4px; }
        p { margin: 4px 0; }
        code, pre { font: 13px/1.4 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
        pre { background: var(--code-bg); border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; margin: 4px 0;
              overflow: auto; max-height: 520px; white-space: pre-wrap; overflow-wrap: anywhere; }
        mark { background: var(--mark); color: inherit; border-radius: 2px; }
        a { color: #1d4ed8; }
        .muted { color: var(--muted); font-weight: normal; }
        .mono { font: 13px/1.4 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
        .empty { color: var(--muted); font-style: italic; }
        .verdict { font-size: 18px; font-weight: 700; margin: 2px 0; }
        .verdict.good { color: var(--ok); }
        .verdict.bad { color: var(--bad); }
        .run { color: var(--muted); font-size: 14px; }
        .status { padding: 4px 10px; border-radius: 6px; margin: 6px 0; font-size: 14px; }
        .status-completed { background: var(--ok-bg); color: var(--ok); }
        .status-interrupted, .status-killed, .status-truncated { background: var(--exp-bg); color: var(--exp); }
        ul.damaged { margin: 0 0 6px; padding: 4px 10px 4px 28px; background: var(--bad-bg); border-radius: 6px; font-size: 13px; }
        nav a { margin-right: 14px; white-space: nowrap; }
        table { border-collapse: collapse; margin: 6px 0 12px; }
        th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
        th { color: var(--muted); font-weight: 600; }
        td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; overflow-wrap: normal; }
        .scroll { overflow-x: auto; max-width: 100%; }
        table.grid { font-size: 13px; }
        table.grid th, table.grid td { border: 1px solid #fff; padding: 2px 6px; }
        table.grid thead th { text-align: center; font-size: 12px; }
        table.grid th.group { color: var(--ink); }
        table.grid th, table.grid td { white-space: nowrap; overflow-wrap: normal; }
        table.grid tbody th { color: var(--ink); font-weight: 600; position: sticky; left: 0; background: #fff;
                              white-space: normal; min-width: 8em; max-width: 12em; }
        table.grid td { text-align: center; min-width: 58px; font-variant-numeric: tabular-nums; line-height: 1.25; }
        table.grid td a { display: block; color: inherit; text-decoration: none; }
        .n { display: inline-block; min-width: 1.5em; padding: 0 4px; border-radius: 8px; font-size: 11px; font-weight: 700; line-height: 1.4;
             background: rgba(0, 0, 0, .12); text-align: center; }
        .s-agree { background: var(--ok-bg); color: var(--ok); }
        .s-expected { background: var(--exp-bg); color: var(--exp); }
        .s-disagree { background: #f04438; color: #fff; font-weight: 700; }
        .s-notExercised { background: #fff; color: var(--bad); outline: 2px dashed #f97066; outline-offset: -3px; }
        .s-unreachable { background: #f2f4f7; color: #98a2b3; }
        .s-notKnown { background: #f2f4f7; color: var(--muted); }
        ul.legend { list-style: none; padding: 0; margin: 6px 0; display: flex; flex-wrap: wrap; gap: 4px 16px; font-size: 14px; }
        .swatch { display: inline-block; width: 14px; height: 14px; border-radius: 3px; vertical-align: -2px; margin-right: 5px; border: 1px solid var(--line); }
        .hint { color: var(--muted); font-size: 13px; }
        .card { border: 1px solid var(--line); border-left: 5px solid var(--bad); border-radius: 6px; padding: 10px 14px; margin: 14px 0; }
        .card h3 { margin-top: 0; }
        .id { color: var(--muted); margin-right: 4px; }
        .new { display: inline-block; background: #1d4ed8; color: #fff; border-radius: 4px; padding: 0 6px; font-size: 12px; font-weight: 700; vertical-align: 2px; }
        .bad { color: var(--bad); font-weight: 700; }
        .key code { color: var(--muted); font-size: 12px; }
        .path { font-weight: 700; background: var(--code-bg); padding: 1px 5px; border-radius: 4px; }
        dl.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 2px 14px; margin: 6px 0; }
        dl.facts dt { color: var(--muted); }
        dl.facts dd { margin: 0; min-width: 0; }
        .leafdiff { display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: 8px; margin: 6px 0; }
        .side { border: 1px solid var(--line); border-radius: 6px; padding: 6px 10px; min-width: 0; }
        .side.input { background: var(--code-bg); }
        .side.value { border-top: 3px solid var(--ok); }
        .side.failed { border-top: 3px solid var(--bad); }
        .side .result { font-size: 13px; color: var(--muted); }
        .side code.value { display: block; white-space: pre-wrap; overflow-wrap: anywhere; font-size: 14px; margin: 2px 0; }
        .side .none { color: var(--muted); font-style: italic; font-size: 13px; }
        .failure { font-size: 13px; }
        .failure .kind { color: var(--muted); }
        .message { font-size: 13px; background: var(--bad-bg); border-radius: 4px; padding: 2px 6px; white-space: pre-wrap; }
        .views { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 12px; }
        .view { min-width: 0; }
        ul.tree, ul.tree ul { list-style: none; margin: 0; padding-left: 16px; }
        ul.tree { padding: 6px 8px; background: var(--code-bg); border: 1px solid var(--line); border-radius: 6px; font: 13px/1.45 ui-monospace, Menlo, Consolas, monospace;
                  max-height: 520px; overflow: auto; }
        ul.tree ul { border-left: 1px dotted #b8c0cc; }
        ul.tree summary { cursor: pointer; }
        ul.tree .k { color: #1d4ed8; }
        ul.tree .k::after { content: ":"; color: var(--muted); }
        ul.tree .t { color: var(--muted); font-style: italic; }
        ul.tree li.on-path > .k, ul.tree li.on-path > .t { font-weight: 700; background: var(--path); border-radius: 3px; }
        ul.tree li.leaf > mark { display: inline-block; padding: 0 4px; outline: 2px solid #f59e0b; }
        ul.tree li.absent .v { font-style: italic; }
        pre.swift { max-height: 520px; }
        pre.command { background: #101828; color: #f2f4f7; border-color: #101828; }
        ul.faults { margin: 4px 0; padding-left: 20px; font-size: 14px; }
        .explanation { background: var(--exp-bg); padding: 6px 10px; border-radius: 6px; font-size: 14px; }
        ul.chips { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 6px; }
        ul.chips li { border: 2px dashed #f97066; border-radius: 12px; padding: 1px 10px; font-size: 14px; }
        ul.keys li { margin: 4px 0; }
        details.list > summary { cursor: pointer; }
        details.list > summary h3 { display: inline; }
        code.elided { cursor: help; }
        code.elided .cut { color: var(--muted); font: italic 11px system-ui, sans-serif; padding: 0 3px; white-space: nowrap; }
        details.entry, details.census { border-bottom: 1px solid var(--line); }
        details.entry > summary, details.census > summary { cursor: pointer; padding: 5px 0; }
        details.entry[open], details.census[open] { padding-bottom: 8px; }
        table.classes, table.census { font-size: 14px; width: 100%; }
        table.classes td:first-child { min-width: 16em; }
        table.census td:first-child { min-width: 14em; }
        table.unreachable td:first-child { max-width: 520px; }
        /* legacy-check.html (LegacyCheckHTML), which shares this sheet */
        .verdict-bad { color: var(--bad); font-weight: 700; }
        .verdict-good { color: var(--ok); font-weight: 700; }
        .finding { border: 1px solid var(--line); border-left: 5px solid var(--bad); border-radius: 6px; padding: 10px 14px; margin: 14px 0; }
        .badge { display: inline-block; min-width: 2.2em; color: var(--muted); }
        .outcomes { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 10px; margin: 8px 0; }
        .outcome { border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; min-width: 0; }
        .outcome h4 { margin-top: 0; }
        footer { margin-top: 24px; margin-bottom: 24px; color: var(--muted); font-size: 13px; }
        @media (max-width: 700px) {
            body { font-size: 14px; }
            .views { grid-template-columns: minmax(0, 1fr); }
            .leafdiff { grid-template-columns: minmax(0, 1fr); }
            dl.facts { grid-template-columns: minmax(0, 1fr); }
            dl.facts dt { margin-top: 4px; }
            header, main, footer { padding: 0 10px; }
        }
        """
}
