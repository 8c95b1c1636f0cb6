import FirestoreJSON
import FirestoreModel
import Foundation

/// A journal read back: the run's header, its classes (each with its examples and counts), the
/// last counts, and the summary when the run ended with one. See `JournalFormat` for the lines.
/// An expected class's examples are read as the case indexes its compact line gives
/// (`JournalExampleEntry.generated`) until `rebuilt(with:)` runs their cases again.
///
/// A run killed mid-write can leave an unfinished last line (no newline, not valid JSON):
/// it is skipped and its number kept in `truncatedLine`. Any other damaged line — not JSON, not
/// a record, a record whose members are malformed — is skipped too, with its line number and
/// what was wrong kept in `damagedLines`, and every intact record around it is read. Only a
/// record of another journal format version is an error (the whole journal is then another
/// Crossfire's).
package struct Journal: Sendable {
    /// The `run` line, when the journal has one.
    package var header: JournalHeader?
    /// The whole `run` record (with `cases`, `timeLimitSeconds`, …), for readers that need more (reports).
    package var runFields: FirestoreMap?
    /// The line of the `run` record (1-based).
    package var runLine: Int?
    /// The classes, by id.
    package var classes: [JournalClass]
    /// The cases counted by the last `counts` or `summary` line.
    package var countedCases: Int?
    /// The `summary` line, when the run ended normally.
    package var summary: FirestoreMap?
    /// The line of the `summary` record (1-based).
    package var summaryLine: Int?
    /// The number of an unfinished last line that was skipped.
    package var truncatedLine: Int?
    /// The damaged lines that were skipped, each with its line number and what was wrong, in
    /// line order.
    package var damagedLines: [JournalReadError]

    /// Reads the journal at `path`.
    package static func read(path: String) throws(JournalReadError) -> Journal {
        let bytes = try FileError.contents(of: path)
            .mapError { JournalReadError(source: path, line: nil, message: "cannot read the file: \($0.reason)") }.get()
        return try Journal(bytes: bytes, source: path)
    }

    /// Reads a journal's bytes; `source` names it in errors.
    package init(bytes: [UInt8], source: String = "journal") throws(JournalReadError) {
        header = nil
        classes = []
        summary = nil
        runFields = nil
        runLine = nil
        summaryLine = nil
        truncatedLine = nil
        damagedLines = []
        countedCases = nil
        var byID: [Int: JournalClass] = [:]
        var occurrences: [Int: Int] = [:]
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
                damagedLines.append(JournalReadError(source: source, line: number, message: "not a JSON line: \(error)"))
                continue
            }
            let fields = JournalLine(source: source, number: number, value: value)
            do {
                try fields.checkShape()
            } catch {
                damagedLines.append(error)
                continue
            }
            try fields.checkVersion()
            do {
                try read(fields, byID: &byID, occurrences: &occurrences)
            } catch {
                damagedLines.append(error)
            }
        }
        for (id, count) in occurrences { byID[id]?.occurrences = count }
        if let replay = header?.replay {
            for (id, found) in byID where found.reproduce == nil { byID[id]?.reproduce = "\(replay) --class \(id)" }
        }
        classes = byID.keys.sorted().compactMap { byID[$0] }
    }

    /// Takes one intact line's record in; a malformed record throws before it changes anything.
    private mutating func read(_ fields: JournalLine, byID: inout [Int: JournalClass], occurrences: inout [Int: Int]) throws(JournalReadError) {
        switch try fields.string("record") {
        case "run":
            if header == nil {
                header = try fields.header()
                runFields = fields.map
                runLine = fields.number
            }
        case "class":
            let found = try fields.classRecord()
            if byID[found.id] == nil { byID[found.id] = found }
        case "shrunk":
            let id = try fields.integer("id")
            guard byID[id] != nil else { throw fields.error("a shrunk record for class \(id), which no class record before it has") }
            let shrunk = try fields.example("example")
            let shrink = try fields.shrinkSummary()
            let reproduce = try fields.optionalString("reproduce")
            byID[id]?.shrunk = shrunk
            byID[id]?.shrink = shrink
            if let reproduce { byID[id]?.reproduce = reproduce }
        case "counts":
            let cases = try fields.integer("cases")
            occurrences = try fields.occurrences()
            countedCases = cases
        case "summary":
            let cases = try fields.integer("cases")
            let counts = try fields.occurrences()
            let details = try fields.classDetails()
            summary = fields.map
            summaryLine = fields.number
            countedCases = cases
            occurrences = counts
            for (id, details) in details where byID[id] != nil {
                byID[id]?.leafTypes = details.leafTypes
                byID[id]?.cells = details.cells
                byID[id]?.smallest = details.smallest
            }
        default:
            break // a record kind of a later version: nothing here needs it
        }
    }

    /// The class with the given id.
    package func findingClass(id: Int) -> JournalClass? {
        classes.first { $0.id == id }
    }
}

/// One parsed line of a journal: its record's members (read by `JSONObject`), with errors that
/// name the journal and the line.
private struct JournalLine {
    let source: String
    let number: Int
    let object: JSONObject

    init(source: String, number: Int, value: FirestoreValue) {
        self.source = source
        self.number = number
        if case .map(let map) = value {
            object = JSONObject(members: map, line: number)
        } else {
            object = JSONObject(members: FirestoreMap(), line: number)
        }
    }

    /// The record's members.
    var map: FirestoreMap { object.members }

    func error(_ message: String) -> JournalReadError {
        JournalReadError(source: source, line: number, message: message)
    }

    /// A record is a JSON object with the integer "journal" (its format version).
    func checkShape() throws(JournalReadError) {
        guard !map.isEmpty else { throw error("a journal line must be a JSON object with \"journal\" and \"record\"") }
        guard case .integer? = map["journal"] else { throw error("missing the integer \"journal\" (the format version)") }
    }

    /// The record is of the format version this Crossfire reads (after `checkShape()`).
    func checkVersion() throws(JournalReadError) {
        guard case .integer(let version)? = map["journal"], version != JournalFormat.version else { return }
        let written = version < JournalFormat.version ? "an older Crossfire" : "a newer Crossfire"
        throw error("journal format version \(version), written by \(written); this Crossfire reads version \(JournalFormat.version) only: replay or report it with the Crossfire that wrote it, or run the campaign again")
    }

    /// Reads members through `body`; its error becomes one on this line.
    func read<T>(_ body: (JSONObject) throws(JSONObjectError) -> T) throws(JournalReadError) -> T {
        try JournalReadError.reading(source) { () throws(JSONObjectError) in try body(object) }
    }

    func string(_ key: String) throws(JournalReadError) -> String {
        try read { object throws(JSONObjectError) in try object.string(key) }
    }

    func optionalString(_ key: String) throws(JournalReadError) -> String? {
        try read { object throws(JSONObjectError) in try object.optionalString(key) }
    }

    func integer(_ key: String) throws(JournalReadError) -> Int {
        Int(try read { object throws(JSONObjectError) in try object.integer(key) })
    }

    func header() throws(JournalReadError) -> JournalHeader {
        let mappers = try read { object throws(JSONObjectError) in try object.strings("mappers") }
        var seed: UInt64?
        if let text = try optionalString("seed") {
            guard let value = UInt64(text) else { throw error("\"seed\" must be a decimal UInt64, found \"\(text)\"") }
            seed = value
        }
        return JournalHeader(seed: seed, profile: try string("profile"), mappers: mappers, replay: try optionalString("replay"))
    }

    func classRecord() throws(JournalReadError) -> JournalClass {
        let id = try integer("id")
        guard id >= 1 else { throw error("\"id\" must be at least 1, found \(id)") }
        let key: FindingClassKey
        do {
            key = try FindingClassKey(canonical: try string("key"))
        } catch let failure as JournalReadError {
            throw failure
        } catch {
            throw self.error("\"key\": \(error)")
        }
        guard case .boolean(let expected)? = map["expected"] else { throw error("\"expected\" must be true or false") }
        var explanation: (id: String, reason: String)?
        let first: JournalExampleEntry
        switch map["explanation"] {
        case .map(let entry)?:
            guard case .string(let entryID)? = entry["id"], case .string(let reason)? = entry["reason"] else {
                throw error("\"explanation\" must be an allowlist entry's id, or an object with the strings id and reason")
            }
            explanation = (entryID, reason)
        case .string(let entryID)?:
            explanation = (entryID, Allowlist.sdkBehaviour.entries.first { $0.id == entryID }?.reason ?? "")
        default:
            break
        }
        guard expected == (explanation != nil), expected == !key.isUnexpected else {
            throw error("\"expected\", \"explanation\" and the key's allowlist entry disagree")
        }
        if map["example"] == nil, expected {
            first = .generated(caseIndex: try integer("caseIndex"), line: number)
        } else {
            first = .recorded(try example("example"))
        }
        return JournalClass(id: id, key: key, expected: expected, explanation: explanation, line: number, first: first,
                            shrunk: nil, shrink: nil, smallest: nil, occurrences: nil, leafTypes: [:], cells: [:],
                            reproduce: try optionalString("reproduce"))
    }

    func example(_ name: String) throws(JournalReadError) -> JournalExample {
        guard case .map(let fields)? = map[name] else { throw error("\"\(name)\" must be an example object") }
        return try example(fields, what: name)
    }

    private func example(_ fields: FirestoreMap, what: String) throws(JournalReadError) -> JournalExample {
        guard case .string(let path)? = fields["path"] else { throw error("\(what): \"path\" must be a string") }
        guard let caseValue = fields["case"] else { throw error("\(what): an example needs a \"case\"") }
        let stored: StoredCase
        do {
            stored = try StoredCase(json: caseValue)
        } catch {
            throw self.error("\(what): \(error.message)")
        }
        return JournalExample(line: number, path: path, stored: stored, fields: fields)
    }

    func shrinkSummary() throws(JournalReadError) -> ShrinkSummary? {
        guard let value = map["shrink"], value != .null else { return nil }
        guard case .map(let parts) = value, case .integer(let before)? = parts["choicesBefore"],
              case .integer(let after)? = parts["choicesAfter"], case .integer(let steps)? = parts["steps"],
              case .integer(let attempts)? = parts["attempts"], case .string(let stopName)? = parts["stop"],
              let stop = ShrinkStop(rawValue: stopName)
        else { throw error("\"shrink\" needs the integers choicesBefore, choicesAfter, steps, attempts and the stop reason (exhausted, attemptBudget, timeBudget)") }
        return ShrinkSummary(choicesBefore: Int(before), choicesAfter: Int(after), steps: Int(steps), attempts: Int(attempts), stop: stop)
    }

    func occurrences() throws(JournalReadError) -> [Int: Int] {
        guard case .map(let counts)? = map["occurrences"] else { throw error("\"occurrences\" must be an object of class ids and counts") }
        var result: [Int: Int] = [:]
        for (id, count) in counts {
            guard let number = Int(id), case .integer(let value) = count, let times = Int(exactly: value) else {
                throw error("\"occurrences\" must map class ids to integers, found \"\(id)\"")
            }
            result[number] = times
        }
        return result
    }

    func classDetails() throws(JournalReadError) -> [(Int, (leafTypes: [String: Int], cells: [GridCell: Int], smallest: JournalExampleEntry?))] {
        guard let value = map["classes"] else { return [] }
        guard case .map(let classes) = value else { throw error("\"classes\" must be an object") }
        var result: [(Int, (leafTypes: [String: Int], cells: [GridCell: Int], smallest: JournalExampleEntry?))] = []
        for (id, details) in classes {
            guard let number = Int(id), case .map(let parts) = details else { throw error("\"classes\" must map class ids to objects, found \"\(id)\"") }
            var leafTypes: [String: Int] = [:]
            if case .map(let types)? = parts["leafTypes"] {
                for (type, count) in types { if case .integer(let value) = count { leafTypes[type] = Int(value) } }
            }
            var cells: [GridCell: Int] = [:]
            if case .map(let tokens)? = parts["cells"] {
                for (token, count) in tokens {
                    guard let cell = GridCell(token: token), case .integer(let value) = count else {
                        throw error("classes.\(id).cells: \"\(token)\" is not a grid cell with a count")
                    }
                    cells[cell] = Int(value)
                }
            }
            var smallest: JournalExampleEntry?
            if case .map(let fields)? = parts["smallest"] {
                if fields["case"] == nil, case .integer(let caseIndex)? = fields["caseIndex"], let index = Int(exactly: caseIndex) {
                    smallest = .generated(caseIndex: index, line: number)
                } else {
                    smallest = .recorded(try example(fields, what: "classes.\(id).smallest"))
                }
            }
            result.append((number, (leafTypes, cells, smallest)))
        }
        return result
    }
}
