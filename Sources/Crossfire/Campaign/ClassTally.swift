import FirestoreJSON
import FirestoreModel

/// What a finding class's findings add up to: the exact Swift types of their leaves, the
/// symptoms they showed as, and the grid cells they fell in. It is one record everywhere, as
/// `CampaignTotals` is for a run: counted where a finding is seen (`note(_:cells:)`), added up
/// (`add(_:)`) — by the campaign's class (`FindingClass`), or by an isolated run's parent from
/// its workers' `ran` events —, written as members of the journal's summary entry of the class
/// and of a `ran` event's class (`members`), read back from either (`init(reading:)`), and taken
/// whole by the reports, which write `members` into `report.json`'s class as they are.
///
/// Its members, in the journal, the worker protocol and `report.json` alike:
/// - `leafTypes` — `{Swift type: findings}`, the exact type at each finding's leaf
///   (`LeafFacts.typeName`);
/// - `symptoms` — `{symptom key: findings}`, each finding's `FindingClassKey` in its canonical text;
/// - `cells` — `{cell: findings}`, the grid cells (`GridCell.token`) each finding fell in.
///
/// A new per-class count is counted, journalled, sent by workers, read back and written to
/// `report.json` in this file alone; `report.html` shows it (`ReportHTML+Card.swift`). See
/// Docs/architecture.md, "Add a report field".
package struct ClassTally: Sendable, Hashable {
    /// The exact Swift types of the findings' leaves (`Int8`, `UInt64?`, …), with how many findings had each.
    package var leafTypes: [String: Int] = [:]
    /// The symptoms the findings showed (check, container, coding, type, results), with how
    /// many findings showed each: the facets of the class.
    package var symptoms: [FindingClassKey: Int] = [:]
    /// The grid cells the findings fell in, with how many findings fell in each.
    package var cells: [GridCell: Int] = [:]

    /// No findings yet.
    package init() {}

    /// The tally of one finding, which fell in `cells`.
    package init(_ finding: Finding, cells: [GridCell]) {
        note(finding, cells: cells)
    }

    /// Counts one more finding, which fell in `cells`.
    package mutating func note(_ finding: Finding, cells: [GridCell]) {
        leafTypes[finding.discrepancy.facts.typeName, default: 0] += 1
        symptoms[finding.key, default: 0] += 1
        for cell in cells { self.cells[cell, default: 0] += 1 }
    }

    /// Adds the tally of more findings of the class.
    package mutating func add(_ more: ClassTally) {
        leafTypes.merge(more.leafTypes, uniquingKeysWith: +)
        symptoms.merge(more.symptoms, uniquingKeysWith: +)
        cells.merge(more.cells, uniquingKeysWith: +)
    }

    /// The tally as members of a JSON object, plain JSON values: what `report.json`'s class holds.
    package var values: [(key: String, value: FirestoreValue)] {
        [
            ("leafTypes", Self.object(leafTypes) { $0 }), ("symptoms", Self.object(symptoms) { $0.canonical }),
            ("cells", Self.object(cells) { $0.token }),
        ]
    }

    /// The same members as JSON text: what a summary's class entry and a `ran` event's class hold.
    package var members: [(key: String, value: JSONText)] {
        values.map { (key: $0.key, value: JSONText.value($0.value)) }
    }

    /// Counts as an object, each key named by `name`.
    private static func object<Key>(_ counts: [Key: Int], name: (Key) -> String) -> FirestoreValue {
        .map(FirestoreMap(counts.map { (name($0.key), FirestoreValue.integer(Int64($0.value))) }))
    }

    /// The tally among an object's members, as `members` writes them (a missing member counts nothing).
    /// - Throws: `JSONObjectError` naming the member that is malformed.
    package init(reading object: JSONObject) throws(JSONObjectError) {
        leafTypes = try Self.counts(object, "leafTypes") { type, _ throws(JSONObjectError) in type }
        symptoms = try Self.counts(object, "symptoms") { text, counts throws(JSONObjectError) in
            do {
                return try FindingClassKey(canonical: text)
            } catch {
                throw counts.error(at: text, "\(error)")
            }
        }
        cells = try Self.counts(object, "cells") { token, counts throws(JSONObjectError) in
            guard let cell = GridCell(token: token) else { throw counts.error(at: token, "not a grid cell") }
            return cell
        }
    }

    /// An object member of counts (`{name: count}`), each name read as a key by `key`.
    private static func counts<Key: Hashable>(_ object: JSONObject, _ member: String,
                                              key: (String, JSONObject) throws(JSONObjectError) -> Key) throws(JSONObjectError) -> [Key: Int] {
        guard let counts = try object.optionalObject(member) else { return [:] }
        var result: [Key: Int] = [:]
        for name in counts.members.keys {
            let count = try counts.integer(name)
            guard let whole = Int(exactly: count), whole >= 0 else { throw counts.error(at: name, "expected a count (0 or more), found \(count)") }
            result[try key(name, counts), default: 0] += whole
        }
        return result
    }
}
