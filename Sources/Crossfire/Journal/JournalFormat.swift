import FirestoreJSON
import FirestoreModel
import Foundation
import ModelSchema

/// The journal: one JSON object per line (JSON Lines), appended as a campaign runs, from which
/// every report can be rebuilt. Version 2; every line has `"journal": 2` and a `"record"`.
/// Its size grows with the classes a run finds, not with its cases:
///
/// - `run` — first line: `seed` (decimal text), `profile`, `mappers`, `cases`,
///   `timeLimitSeconds`, `firstCase`.
/// - `class` — written the moment a class is first seen: `id` (1, 2, …), `key` (the class key's
///   canonical text, see `FindingClassKey`), `title` (the key in words), `expected`,
///   `explanation` (`{id, reason}` or null), `example` (the finding that first showed it, see
///   below) and `reproduce` (the command that replays it).
/// - `shrunk` — an unexpected class's first example after shrinking (same `id` and `key`):
///   `example`, `reproduce` and `shrink`: `choicesBefore`, `choicesAfter`, `steps`, `attempts`,
///   `stop` (`exhausted`: no smaller candidate; `attemptBudget`; `timeBudget`). Expected classes
///   are not shrunk during a run. A crash class of an isolated run (`crossfire run --isolate`: a
///   worker died of a signal) is shrunk by running each candidate in a worker of its own; a hang
///   is not shrunk, since every candidate could cost the whole case timeout.
/// - `counts` — now and then (each time the cases have grown by half, at least 5 s apart):
///   `cases`, `elapsedSeconds`, `occurrences` (`{"<id>": cases that showed the class}`), so that
///   a killed run keeps recent counts.
/// - `summary` — last line of a run that ended normally: `cases`, `elapsedSeconds`, `stopped`
///   (`completed`, `interrupted`), `occurrences`, `classes` (`{"<id>": {"leafTypes": {type:
///   count}, "cells": {cell: count}, "smallest": example or null}}` — the smallest example seen
///   where it is not the first), `census` (every failure situation: `check`, `mapper`, `kind`,
///   `situation`, `count`, an example `path`), `coverage` (`{"<cell>": values}`, cells as
///   `GridCell.token`), `setupFailures`.
///
/// An `example` is one finding: `check`, `kind`, `path` (`tags[2].color`), `firestorePath`,
/// `schemaPath` (`tags[].color`), `leafType` (the exact Swift type there, or null), `wrapper`,
/// `container`, `held` (what the input held there), `input` (what the model value held there,
/// for encode and round trip, or null), `outcomes` (per mapper: `mapper`, `result` — a
/// `LeafResult` token —, `failure` — `{kind, path, expected, found, message, hasPath}` or null —
/// and `leaf`, what it produced there, or null), `cells` (the grid cells it fell in) and `case`.
/// A leaf value is `{"absent": true}`, `{"stored": <REST JSON value>}` (or `{"storedText": …}`
/// when REST JSON cannot express it), or `{"model": <ModelValueCoding>}`.
///
/// A `case` holds `schema` (the schema's JSON form), `reference` (a document path or null),
/// `document` (a REST document, `{"fields": …}`, or null; a document REST JSON cannot express
/// has `documentError` and `documentText` instead), `model` (a model value or null), `faults`
/// (`{kind, path, components, detail}` each: `components` the path's keys and indexes), `seed`
/// (decimal string or null), `caseIndex`, `choices` (a `ChoiceSequence` text or null).
///
/// Lines are written with sorted keys and no timing except `elapsedSeconds`, so two runs with
/// the same seed and options write the same journal but for those numbers.
public enum JournalFormat {
    /// The format version.
    public static let version: Int64 = 2

    /// A malformed journal line or case.
    public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong, and where.
        public let message: String
        public var description: String { "journal: \(message)" }
    }

    /// The `run` line of a campaign.
    public static func runRecord(_ options: CampaignOptions) -> FirestoreValue {
        .map([
            "journal": .integer(version), "record": .string("run"),
            "seed": .string(String(options.seed)), "profile": .string(options.profile.name),
            "mappers": .array(options.mappers.map { .string($0.name) }),
            "cases": options.cases.map { .integer(Int64($0)) } ?? .null,
            "timeLimitSeconds": options.timeLimit.map { .integer($0.components.seconds) } ?? .null,
            "firstCase": .integer(Int64(options.firstCase)),
        ])
    }

    /// The `class` line of a class first seen.
    public static func classRecord(_ found: FindingClass, reproduce: String) throws -> FirestoreValue {
        try classRecord(id: found.id, finding: found.first, reproduce: reproduce)
    }

    /// The `class` line of a class first seen in `finding`.
    public static func classRecord(id: Int, finding: Finding, reproduce: String) throws -> FirestoreValue {
        .map([
            "journal": .integer(version), "record": .string("class"), "id": .integer(Int64(id)),
            "key": .string(finding.key.canonical), "title": .string(finding.key.description),
            "expected": .boolean(finding.isExpected),
            "explanation": finding.explanation.map { .map(["id": .string($0.id), "reason": .string($0.reason)]) } ?? .null,
            "example": try encodeExample(finding), "reproduce": .string(reproduce),
        ])
    }

    /// The `shrunk` line of a class: its first example shrunk.
    public static func shrunkRecord(id: Int, finding: Finding, reproduce: String) throws -> FirestoreValue {
        var map: FirestoreMap = [
            "journal": .integer(version), "record": .string("shrunk"), "id": .integer(Int64(id)),
            "key": .string(finding.key.canonical), "example": try encodeExample(finding), "reproduce": .string(reproduce),
        ]
        map["shrink"] = finding.shrink.map(encodeShrink) ?? .null
        return .map(map)
    }

    /// A `counts` line.
    public static func countsRecord(cases: Int, elapsed: Duration, occurrences: [Int: Int]) -> FirestoreValue {
        .map([
            "journal": .integer(version), "record": .string("counts"), "cases": .integer(Int64(cases)),
            "elapsedSeconds": .double(seconds(elapsed)), "occurrences": encodeOccurrences(occurrences),
        ])
    }

    /// The `summary` line of a campaign.
    public static func summaryRecord(_ summary: CampaignSummary) throws -> FirestoreValue {
        var classes = FirestoreMap()
        var occurrences: [Int: Int] = [:]
        for found in summary.classes {
            occurrences[found.id] = found.occurrences
            classes[String(found.id)] = .map([
                "leafTypes": .map(FirestoreMap(found.leafTypes.sorted { $0.key < $1.key }.map { ($0.key, .integer(Int64($0.value))) })),
                "cells": encodeCells(found.cells),
                "smallest": found.smallest.testCase.caseIndex == found.first.testCase.caseIndex ? .null : try encodeExample(found.smallest),
            ])
        }
        return summaryRecord(cases: summary.cases, elapsed: summary.elapsed, interrupted: summary.interrupted, occurrences: occurrences,
                             classes: classes, census: summary.census, coverage: summary.coverage, setupFailures: summary.setupFailures)
    }

    /// The `summary` line from its parts (an isolated run gathers them from its workers).
    public static func summaryRecord(cases: Int, elapsed: Duration, interrupted: Bool, occurrences: [Int: Int], classes: FirestoreMap,
                                     census: ErrorCensus, coverage: CoverageTally, setupFailures: [String]) -> FirestoreValue {
        .map([
            "journal": .integer(version), "record": .string("summary"),
            "cases": .integer(Int64(cases)), "elapsedSeconds": .double(seconds(elapsed)),
            "stopped": .string(interrupted ? "interrupted" : "completed"),
            "occurrences": encodeOccurrences(occurrences), "classes": .map(classes),
            "census": .array(census.sortedEntries.map { entry in
                .map(["check": .string(entry.key.check.rawValue), "mapper": .string(entry.key.mapper),
                      "kind": .string(entry.key.kind.rawValue), "situation": .string(entry.key.situation),
                      "count": .integer(Int64(entry.count)), "path": .string(entry.example.path.description)])
            }),
            "coverage": encodeCells(coverage.counts),
            "setupFailures": .array(setupFailures.map(FirestoreValue.string)),
        ])
    }

    /// One line of JSON text (no newline) for a record.
    public static func line(_ value: FirestoreValue) throws -> [UInt8] {
        try PlainJSONWriter(options: JSONWriteOptions(sortedKeys: true, layout: .compact, maximumDepth: 2000)).write(value)
    }

    static func encodeShrink(_ shrink: ShrinkSummary) -> FirestoreValue {
        .map([
            "choicesBefore": .integer(Int64(shrink.choicesBefore)), "choicesAfter": .integer(Int64(shrink.choicesAfter)),
            "steps": .integer(Int64(shrink.steps)), "attempts": .integer(Int64(shrink.attempts)), "stop": .string(shrink.stop.rawValue),
        ])
    }

    static func encodeOccurrences(_ occurrences: [Int: Int]) -> FirestoreValue {
        .map(FirestoreMap(occurrences.sorted { $0.key < $1.key }.map { (String($0.key), .integer(Int64($0.value))) }))
    }

    static func encodeCells(_ cells: [GridCell: Int]) -> FirestoreValue {
        .map(FirestoreMap(cells.sorted { $0.key < $1.key }.map { ($0.key.token, .integer(Int64($0.value))) }))
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
