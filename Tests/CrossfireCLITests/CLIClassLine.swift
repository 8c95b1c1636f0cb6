/// One `unexpected class N: TITLE` or `expected class N (ENTRY): TITLE` line of a run's
/// standard error (the latter with `--verbose`).
struct CLIClassLine: Hashable {
    let id: Int
    /// `unexpected`, or the allowlist entry's id.
    let status: String
    /// The class in words (`FindingClassKey.description`, on one line).
    let title: String

    /// The class lines among standard error's lines.
    static func all(in lines: [String]) -> [CLIClassLine] {
        lines.compactMap(CLIClassLine.init)
    }

    init?(_ line: String) {
        if line.hasPrefix("unexpected class "), let colon = line.range(of: ": "),
           let id = Int(line[line.index(line.startIndex, offsetBy: 17)..<colon.lowerBound]) {
            self.id = id
            status = "unexpected"
            title = String(line[colon.upperBound...])
        } else if line.hasPrefix("expected class "), let open = line.range(of: " ("), let close = line.range(of: "): ", range: open.upperBound..<line.endIndex),
                  let id = Int(line[line.index(line.startIndex, offsetBy: 15)..<open.lowerBound]) {
            self.id = id
            status = String(line[open.upperBound..<close.lowerBound])
            title = String(line[close.upperBound...])
        } else {
            return nil
        }
    }
}
