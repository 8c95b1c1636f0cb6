import FirestoreModel
import Foundation
import ModelSchema

/// The journal: one JSON object per line (JSON Lines), appended as a campaign runs, from which
/// every report is built — a report reads the journal alone and never runs a case. Version 4;
/// every line has `"journal": 4` and a `"record"`.
/// Each line is written once, straight to text (`JSONText`), with one `write(2)`
/// (`JournalWriter`), so a run killed at any point loses no line it wrote. Its size grows with
/// the classes a run finds, not with its cases: each class has its first example and, in the
/// summary, its smallest, whole:
///
/// - `run` — first line: `seed` (decimal text), `profile`, `mappers`, `cases` (or null: no case
///   limit), `timeLimitSeconds` (or null), `firstCase` (the index of the run's first case: 0,
///   unless the run goes on from an earlier one, as an isolated run's worker restarted after a
///   crash does — `CampaignOptions.firstCase`), `replay` (the command that replays the journal's
///   classes, `crossfire replay 'DIR/journal.jsonl'`; a class's is it followed by `--class ID`).
/// - `class` — written the moment a class is first seen, with `id` (1, 2, …), `cause` (the
///   class: its `CauseKey`'s canonical text), `probes` (what probing its example showed, in
///   words), `key` (the symptom of its first example, `FindingClassKey`: what replaying and
///   shrinking look for), `expected`, `title` and `fix` (the cause in words, `CauseWords`),
///   `explanation` (the allowlist entry that explains it, `{id, reason}`, or null), `example`
///   (its first example, whole: below) and `reproduce` (the command that replays it) — for
///   every class, expected ones too.
/// - `shrunk` — an unexpected class's first example after shrinking (same `id` and `key`):
///   `example`, `reproduce` and `shrink`: `choicesBefore`, `choicesAfter`, `steps`, `attempts`,
///   `stop` (`exhausted`: no smaller candidate; `attemptBudget`; `timeBudget`). Expected classes
///   are not shrunk during a run. A crash class of an isolated run (`crossfire run --isolate`: a
///   worker died of a signal) is shrunk by running each candidate in a worker of its own; a hang
///   is not shrunk, since every candidate could cost the whole case timeout.
/// - `counts` — after 1,000 cases and then each time the cases have grown by half (by cases
///   alone, so a seeded run writes them at the same places at any speed): `cases`,
///   `elapsedSeconds`, `occurrences` (`{"<id>": cases that showed the class}`), so that a
///   killed run keeps recent counts.
/// - `summary` — last line of a run that ended normally: the run's totals' members (`cases`,
///   `census`, `coverage`, `setupFailures`, …: written and read by `CampaignTotals`, which
///   documents them), `elapsedSeconds`, `stopped` (`completed`, `interrupted`), `occurrences`,
///   `classes` (`{"<id>": {"leafTypes": …, "symptoms": …, "cells": …, "smallest": …}}`: the
///   class's `ClassTally` members, which that type documents, and `smallest`, the smallest
///   example seen, whole, where it is not the first, else null).
///
/// An `example` is one finding: `check`, `kind`, `path` (`tags[2].color`), `components` (the
/// path's keys and indexes), `firestorePath`, `schemaPath` (`tags[].color`), `leafType` (the
/// exact Swift type there, or null), `wrapper`, `container`, `held` (what the input held there),
/// `input` (what the model value held there, for encode and round trip, or null), `outcomes`
/// (per mapper: `mapper`, `result` — a `LeafResult` token —, `words`, `failure` — `{kind, path,
/// components, expected, found, message, hasPath}` or null — and `leaf`, what it produced
/// there, or null), `cells` (the grid cells it fell in) and `case`. A leaf value is
/// `{"absent": true}`, `{"stored": <REST JSON value>}` (or `{"storedText": …}` when REST JSON
/// cannot express it), or `{"model": <ModelValueCoding>}`.
///
/// A `case` holds `schema` (the schema's JSON form), `reference` (a document path or null),
/// `document` (a REST document, `{"fields": …}`, or null; a document REST JSON cannot express
/// has `documentError` and `documentText` instead), `model` (a model value or null), `faults`
/// (`{kind, path, components, detail}` each: `components` the path's keys and indexes), `seed`
/// (decimal string or null), `caseIndex`, `choices` (a `ChoiceSequence` text or null).
///
/// Lines are written with sorted keys and no timing except `elapsedSeconds`, so two runs with
/// the same seed and options write the same journal but for those numbers — with any number
/// of `--jobs`. Any other version is refused, on its first line, with a message that says
/// which (version 3 journalled an expected class's example as the index of its case, which a
/// report had to run again). A reader (`Journal`) skips a damaged line — not JSON, or a record whose
/// members are malformed — naming it by number, and a killed run's unfinished last line, and
/// reads every intact record around them.
package enum JournalFormat {
    /// The format version.
    package static let version: Int64 = 4

    /// A malformed journal line or case.
    package struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// What is wrong, and where.
        package let message: String
        package var description: String { "journal: \(message)" }
    }

    /// The members every line starts with.
    static func header(_ record: String) -> [(key: String, value: JSONText)] {
        [("journal", .integer(version)), ("record", .string(record))]
    }

    /// The `run` line of a campaign whose journal `crossfire replay` replays with `replay`.
    package static func runRecord(_ options: CampaignOptions, replay: String) -> JSONText {
        .object(header("run") + [
            ("seed", .string(String(options.seed))), ("profile", .string(options.profile.name)),
            ("mappers", .array(options.mappers.map { .string($0.name) })),
            ("cases", options.cases.map { .integer($0) } ?? .null),
            ("timeLimitSeconds", options.timeLimit.map { .integer($0.components.seconds) } ?? .null),
            ("firstCase", .integer(options.firstCase)), ("replay", .string(replay)),
        ])
    }

    /// The `class` line of a class first seen, as a campaign writes it: with its first example.
    package static func classRecord(_ found: FindingClass, reproduce: String) -> JSONText {
        classRecord(id: found.id, finding: found.first, cause: ResolvedCause(cause: found.cause, probes: found.probes), reproduce: reproduce)
    }

    /// The `class` line of a class first seen in `finding`, whose cause is `resolved`, with the
    /// whole example.
    package static func classRecord(id: Int, finding: Finding, cause resolved: ResolvedCause, reproduce: String) -> JSONText {
        let words = CauseWords(resolved.cause)
        return .object(header("class") + causeMembers(resolved) + [
            ("id", .integer(id)), ("key", .string(finding.key.canonical)), ("expected", .boolean(finding.isExpected)),
            ("title", .string(words.title)), ("fix", .string(words.fix)),
            ("explanation", finding.explanation.map { .object([("id", .string($0.id)), ("reason", .string($0.reason))]) } ?? .null),
            ("example", encodeExample(finding)), ("reproduce", .string(reproduce)),
        ])
    }

    /// A class line's `cause` (its canonical text) and `probes` (what probing showed, in words).
    private static func causeMembers(_ resolved: ResolvedCause) -> [(key: String, value: JSONText)] {
        [("cause", .string(resolved.cause.canonical)), ("probes", .array(resolved.probes.map { .string($0) }))]
    }

    /// The `shrunk` line of a class: its first example shrunk.
    package static func shrunkRecord(id: Int, finding: Finding, reproduce: String) -> JSONText {
        .object(header("shrunk") + [
            ("id", .integer(id)), ("key", .string(finding.key.canonical)), ("example", encodeExample(finding)),
            ("reproduce", .string(reproduce)), ("shrink", finding.shrink.map(\.json) ?? .null),
        ])
    }

    /// A `counts` line.
    package static func countsRecord(cases: Int, elapsed: Duration, occurrences: [Int: Int]) -> JSONText {
        .object(header("counts") + [
            ("cases", .integer(cases)), ("elapsedSeconds", .number(seconds(elapsed))), ("occurrences", encodeOccurrences(occurrences)),
        ])
    }

    /// The `summary` line of a campaign.
    package static func summaryRecord(_ summary: CampaignSummary) -> JSONText {
        var classes: [(key: String, value: JSONText)] = []
        var occurrences: [Int: Int] = [:]
        for found in summary.classes {
            occurrences[found.id] = found.occurrences
            classes.append((String(found.id), classDetails(found.tally, smallest: smallestExample(found))))
        }
        return summaryRecord(totals: summary.totals, elapsed: summary.elapsed, interrupted: summary.interrupted, occurrences: occurrences,
                             classes: classes)
    }

    /// One class's entry in the summary's `classes`: its tally's members and its smallest example.
    package static func classDetails(_ tally: ClassTally, smallest: JSONText = .null) -> JSONText {
        .object(tally.members + [("smallest", smallest)])
    }

    /// The `summary` line from its parts (an isolated run gathers them from its workers):
    /// `classes` holds each class's `classDetails` by id.
    package static func summaryRecord(totals: CampaignTotals, elapsed: Duration, interrupted: Bool, occurrences: [Int: Int],
                                     classes: [(key: String, value: JSONText)]) -> JSONText {
        .object(header("summary") + totals.members + [
            ("elapsedSeconds", .number(seconds(elapsed))), ("stopped", .string(interrupted ? "interrupted" : "completed")),
            ("occurrences", encodeOccurrences(occurrences)), ("classes", .object(classes)),
        ])
    }

    /// A class's smallest example, whole, where it is not its first.
    private static func smallestExample(_ found: FindingClass) -> JSONText {
        guard found.smallest.testCase.caseIndex != found.first.testCase.caseIndex else { return .null }
        return encodeExample(found.smallest)
    }

    static func encodeOccurrences(_ occurrences: [Int: Int]) -> JSONText {
        .object(occurrences.map { (key: String($0.key), value: .integer($0.value)) })
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
