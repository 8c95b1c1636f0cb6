import FirestoreJSON
import FirestoreModel
import Foundation

/// A journal read back: the run's header, its findings (the latest record of each), and
/// whether the run ended with a summary. See `JournalFormat` for the lines.
///
/// A run killed mid-write can leave an unfinished last line (no newline, not valid JSON):
/// it is skipped and its number kept in `truncatedLine`. Any other malformed line is an
/// error naming the line and what was wrong.
public struct Journal: Sendable {
    /// The `run` line, when the journal has one.
    public var header: JournalHeader?
    /// The whole `run` record (with `cases`, `timeLimitSeconds`, …), for readers that need more (reports).
    public var runFields: FirestoreMap?
    /// The line of the `run` record (1-based).
    public var runLine: Int?
    /// Each finding's latest record (`shrunk` over `finding`), by id.
    public var findings: [JournalFinding]
    /// The `summary` line, when the run ended normally.
    public var summary: FirestoreMap?
    /// The line of the `summary` record (1-based).
    public var summaryLine: Int?
    /// The number of an unfinished last line that was skipped.
    public var truncatedLine: Int?

    /// Reads the journal at `path`.
    public static func read(path: String) throws(JournalReadError) -> Journal {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw JournalReadError(source: path, line: nil, message: "cannot read the file")
        }
        return try Journal(bytes: Array(data), source: path)
    }

    /// Reads a journal's bytes; `source` names it in errors.
    public init(bytes: [UInt8], source: String = "journal") throws(JournalReadError) {
        header = nil
        findings = []
        summary = nil
        runFields = nil
        runLine = nil
        summaryLine = nil
        truncatedLine = nil
        var latest: [Int: JournalFinding] = [:]
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        let endsWithNewline = bytes.last == 0x0A
        for (offset, line) in lines.enumerated() {
            let number = offset + 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            let isUnfinished = offset == lines.count - 1 && !endsWithNewline
            let value: FirestoreValue
            do {
                value = try PlainJSONReader(options: JSONReadOptions(maximumDepth: JSONReadOptions.depthCeiling)).readValue(from: Array(line))
            } catch {
                if isUnfinished {
                    truncatedLine = number
                    break
                }
                throw JournalReadError(source: source, line: number, message: "not a JSON line: \(error)")
            }
            let fields = JournalLine(source: source, number: number, value: value)
            try fields.checkVersion()
            switch try fields.string("record") {
            case "run":
                if header == nil {
                    header = try fields.header()
                    runFields = fields.map
                    runLine = number
                }
            case "finding", "shrunk":
                let finding = try fields.finding()
                if let earlier = latest[finding.id], earlier.record == .shrunk, finding.record == .finding { continue }
                latest[finding.id] = finding
            case "summary":
                summary = fields.map
                summaryLine = number
            default:
                continue // a record kind of a later version: nothing here needs it
            }
        }
        findings = latest.keys.sorted().compactMap { latest[$0] }
    }

    /// The finding with the given id.
    public func finding(id: Int) -> JournalFinding? {
        findings.first { $0.id == id }
    }
}

/// One parsed line of a journal, with typed access whose errors name the line.
private struct JournalLine {
    let source: String
    let number: Int
    let map: FirestoreMap

    init(source: String, number: Int, value: FirestoreValue) {
        self.source = source
        self.number = number
        if case .map(let map) = value { self.map = map } else { self.map = FirestoreMap() }
    }

    func error(_ message: String) -> JournalReadError {
        JournalReadError(source: source, line: number, message: message)
    }

    func checkVersion() throws(JournalReadError) {
        guard !map.isEmpty else { throw error("a journal line must be a JSON object with \"journal\" and \"record\"") }
        guard case .integer(let version)? = map["journal"] else { throw error("missing the integer \"journal\" (the format version)") }
        guard version == JournalFormat.version else {
            throw error("journal format version \(version); this Crossfire reads version \(JournalFormat.version)")
        }
    }

    func string(_ key: String) throws(JournalReadError) -> String {
        guard case .string(let text)? = map[key] else { throw error("\"\(key)\" must be a string") }
        return text
    }

    func optionalString(_ key: String) throws(JournalReadError) -> String? {
        switch map[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw error("\"\(key)\" must be a string or null")
        }
    }

    func integer(_ key: String) throws(JournalReadError) -> Int {
        guard case .integer(let value)? = map[key], let number = Int(exactly: value) else { throw error("\"\(key)\" must be an integer") }
        return number
    }

    func header() throws(JournalReadError) -> JournalHeader {
        var mappers: [String] = []
        guard case .array(let names)? = map["mappers"] else { throw error("a run record needs the array \"mappers\"") }
        for name in names {
            guard case .string(let text) = name else { throw error("\"mappers\" must hold strings") }
            mappers.append(text)
        }
        var seed: UInt64?
        if let text = try optionalString("seed") {
            guard let value = UInt64(text) else { throw error("\"seed\" must be a decimal UInt64, found \"\(text)\"") }
            seed = value
        }
        return JournalHeader(seed: seed, profile: try string("profile"), mappers: mappers)
    }

    func finding() throws(JournalReadError) -> JournalFinding {
        let recordName = try string("record")
        let id = try integer("id")
        guard id >= 1 else { throw error("\"id\" must be at least 1, found \(id)") }
        let kindName = try string("kind")
        guard let kind = FindingKind(rawValue: kindName) else { throw error("unknown finding kind \"\(kindName)\"") }
        let checkName = try string("check")
        guard let check = CheckKind(rawValue: checkName) else { throw error("unknown check \"\(checkName)\"") }
        guard case .boolean(let expected)? = map["expected"] else { throw error("\"expected\" must be true or false") }
        var explanation: String?
        if case .map(let entry)? = map["explanation"], case .string(let entryID)? = entry["id"] { explanation = entryID }
        guard let caseValue = map["case"] else { throw error("a \(recordName) record needs a \"case\"") }
        let stored: StoredCase
        do {
            stored = try StoredCase(json: caseValue)
        } catch {
            throw self.error("\(error.message)")
        }
        return JournalFinding(
            id: id, record: recordName == "shrunk" ? .shrunk : .finding, line: number,
            signature: try string("signature"), kind: kind, check: check, expected: expected, explanation: explanation,
            path: try string("path"), schemaPath: try string("schemaPath"), stored: stored,
            shrink: try shrinkSummary(), reproduce: try optionalString("reproduce"), fields: map)
    }

    private func shrinkSummary() throws(JournalReadError) -> ShrinkSummary? {
        guard let value = map["shrink"], value != .null else { return nil }
        guard case .map(let parts) = value, case .integer(let before)? = parts["choicesBefore"],
              case .integer(let after)? = parts["choicesAfter"], case .integer(let steps)? = parts["steps"],
              case .boolean(let timedOut)? = parts["timedOut"]
        else { throw error("\"shrink\" needs the integers choicesBefore, choicesAfter, steps and the boolean timedOut") }
        return ShrinkSummary(choicesBefore: Int(before), choicesAfter: Int(after), steps: Int(steps), timedOut: timedOut)
    }
}
