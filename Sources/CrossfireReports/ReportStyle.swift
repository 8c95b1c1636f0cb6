/// The report page's style sheet, inlined into its `<style>` element: the page loads nothing.
enum ReportStyle {
    static let css = """
        :root { --ink: #1d2430; --muted: #5b6575; --line: #d8dde5; --bad: #b42318; --bad-bg: #fef3f2;
                --ok: #067647; --ok-bg: #ecfdf3; --warn: #b54708; --warn-bg: #fffaeb; --code-bg: #f4f6f9; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: #fff; }
        header, main { max-width: 1200px; margin: 0 auto; padding: 0 20px; }
        header { padding-top: 16px; border-bottom: 1px solid var(--line); }
        h1 { font-size: 24px; margin: 8px 0; }
        h2 { font-size: 20px; margin: 28px 0 10px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
        h3 { font-size: 16px; margin: 0 0 6px; }
        h4 { font-size: 13px; margin: 12px 0 4px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
        code, pre { font: 13px/1.4 ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
        pre { background: var(--code-bg); border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px;
              overflow: auto; max-height: 480px; white-space: pre; margin: 4px 0; }
        table { border-collapse: collapse; margin: 8px 0 16px; }
        th, td { text-align: left; padding: 4px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
        th { color: var(--muted); font-weight: 600; }
        td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
        .status { padding: 8px 12px; border-radius: 6px; margin: 8px 0; }
        .status-completed { background: var(--ok-bg); color: var(--ok); }
        .status-interrupted, .status-killed, .status-truncated { background: var(--warn-bg); color: var(--warn); }
        .verdict-bad { color: var(--bad); font-weight: 700; }
        .verdict-good { color: var(--ok); font-weight: 700; }
        nav a { margin-right: 14px; }
        .finding { border: 1px solid var(--line); border-left-width: 5px; border-radius: 6px; padding: 12px 14px; margin: 12px 0; }
        .finding.unexpected { border-left-color: var(--bad); background: linear-gradient(90deg, var(--bad-bg), #fff 40%); }
        .finding.expected { border-left-color: var(--ok); }
        .path { font-size: 15px; font-weight: 700; background: var(--code-bg); padding: 1px 6px; border-radius: 4px; }
        .badge { display: inline-block; min-width: 2.2em; color: var(--muted); }
        .signature { color: var(--muted); margin: 2px 0 8px; word-break: break-all; }
        .explanation { background: var(--ok-bg); padding: 6px 10px; border-radius: 6px; }
        dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 2px 14px; margin: 6px 0; }
        dl.facts dt { color: var(--muted); }
        dl.facts dd { margin: 0; word-break: break-word; }
        .outcomes { display: grid; grid-template-columns: repeat(auto-fit, minmax(260px, 1fr)); gap: 10px; margin: 8px 0; }
        .outcome { border: 1px solid var(--line); border-radius: 6px; padding: 8px 10px; }
        .outcome h4 { margin-top: 0; }
        .outcome.failed { border-top: 3px solid var(--warn); }
        .outcome.value { border-top: 3px solid var(--ok); }
        .sides { display: grid; grid-template-columns: repeat(auto-fit, minmax(320px, 1fr)); gap: 10px; }
        details > summary { cursor: pointer; font-weight: 600; margin: 8px 0; }
        .empty { color: var(--muted); font-style: italic; }
        footer { max-width: 1200px; margin: 24px auto; padding: 0 20px; color: var(--muted); font-size: 13px; }
        """
}
