import Crossfire
import FirestoreJSON
import FirestoreModel

/// `report.json`: a report as JSON, written through jansson (`PlainJSONWriter`) with sorted keys
/// and a two-space indent, so two reports of one journal are byte-identical. Its size grows with
/// the classes and census situations, not the cases, and nothing in it is written once per
/// class that is the same for many: an expected class carries its leaf and results, not its
/// whole case, and names its allowlist entry, whose reason is given once. Version 4:
///
/// - `report` — the format version, `4`.
/// - `run` — how the run was made: `seed` (decimal string or null), `profile`, `mappers` (the
///   reference first), `cases` and `timeLimitSeconds` (the limits asked for, or null).
/// - `status` — how it ended: `state` (`completed`, `interrupted` — Ctrl-C, a summary was
///   written —, `killed` — no summary —, `truncated` — no summary and an unfinished last line,
///   skipped), `finished` (a summary was written), `truncatedLine` (or null), `explanation`,
///   `damagedLines` (the lines skipped as damaged — not JSON, or a record whose members could
///   not be read — each `{line, message}`, in line order; empty for an intact journal).
/// - `totals` — `cases` (null when the journal counted none) and `elapsedSeconds` (null without
///   a summary), `classes`, `unexpected`, `expected`, `shrunk`, `byKind` (`{kind: classes}`),
///   `censusFailures` (all failures counted in the census, null without a summary),
///   `casesWithFaults` (cases whose document had faults injected, null without a summary or
///   in a journal written before they were counted).
/// - `classes` — unexpected classes first, then expected ones, each group by id; each: `id`,
///   `line` (of its `class` record in the journal), `cause` (the class: its `CauseKey`'s
///   canonical text), `title` and `fix` (the cause in words), `probes` (what probing its example
///   showed), `key` (the canonical symptom key of its first example), `check`, `kind`,
///   `situation` (`container`, `wrapper`, `type`, `held`: the key's parts), `expected`,
///   `explanation` (the id of its allowlist entry, its reason in `explanations`; or null),
///   `occurrences` (cases that showed it, or null), the members of its `ClassTally` (what its
///   findings add up to — `leafTypes`, `symptoms`, `cells` …: that type documents them, empty
///   without a summary), `example` (below), `exampleSource` (`shrunk`, `smallest` or
///   `first`), `shrink` (`{choicesBefore, choicesAfter, steps, attempts, stop}` for a shrunk
///   example, else null), `notShrunkReason` (why a `first` example is not shrunk, else null),
///   `reproduce` (the command that replays it — a crash class's ends in `--isolate` —, or
///   null) and `baseline` (`new` or `unchanged` against the baseline report, null without one).
/// - An `example`: `path` (coding path of the leaf), `firestorePath`, `schemaPath`, `leafType`,
///   `wrapper`, `container`, `held` and `input` (journal leaf values), `outcomes` (per mapper:
///   `mapper`, `result`, `words`, `failure` — `{kind, path, hasPath, expected, found, message}`
///   or null — and `leaf`), and `case`. An unexpected class's `case` is whole: `schema`,
///   `document` (REST JSON, or null), `documentError` and `documentText` (when the document
///   could not be stored as REST JSON), `model`, `reference`, `faults` (for people), `seed`,
///   `caseIndex`, `choices`. An expected class's `case` holds only what names and replays
///   it — `faults`, `seed`, `caseIndex`, `choices` —: the journal's class line has the rest,
///   and `reproduce` replays it.
/// - `explanations` — `{id: reason}` of every allowlist entry that explains a class.
/// - `coverage` — the grid: `cells` (`{cell: values}` for every cell exercised, cells as
///   `GridCell.token`), `reached` and `reachable` (counts), `notReached` (the blind spots: every
///   reachable cell the run never exercised), `unreachable` (`{cell: why}`); null without a
///   summary.
/// - `census` — every failure situation, by check, mapper and kind: `check`, `mapper`, `kind`,
///   `kindDescription` (`type mismatch`, `missing key`, `nil value`, …), `situation`, `count`,
///   `examplePath`; null without a summary.
/// - `setupFailures` — cases whose mappers could not be prepared, with why.
/// - `baseline` — with `crossfire report --baseline OLD_REPORT.json`, the comparison by cause:
///   `report` (the baseline's path), `new` (the causes of this report's classes the baseline
///   lacks), `gone` (`{cause, title, expected}` of the baseline's classes this report lacks),
///   `unchanged` (how many both have), `collapsed` (`{cause, title, before, beforeCases, now,
///   nowCases}` of the baseline's expected classes whose counts collapsed); null without a
///   baseline.
package enum ReportJSON {
    /// The options the report is written with.
    package static let options = JSONWriteOptions(sortedKeys: true, layout: .indented(2), maximumDepth: JSONReadOptions.depthCeiling)

    /// The report as a plain-JSON value.
    package static func value(of report: Report) -> FirestoreValue {
        var map = FirestoreMap()
        map["report"] = .integer(Report.version)
        map["run"] = .map([
            "seed": optional(report.run.seed.map { String($0) }), "profile": .string(report.run.profile),
            "mappers": .array(report.run.mappers.map(FirestoreValue.string)),
            "cases": optional(report.run.cases), "timeLimitSeconds": optional(report.run.timeLimitSeconds),
        ])
        map["status"] = .map([
            "state": .string(report.status.state.rawValue), "finished": .boolean(report.status.finished),
            "truncatedLine": optional(report.status.truncatedLine), "explanation": .string(report.status.explanation),
            "damagedLines": .array(report.status.damagedLines.map { damage in
                .map(["line": optional(damage.line), "message": .string(damage.message)])
            }),
        ])
        let totals = report.totals
        map["totals"] = .map([
            "cases": optional(totals.cases), "elapsedSeconds": totals.elapsedSeconds.map(FirestoreValue.double) ?? .null,
            "classes": integer(totals.classes), "unexpected": integer(totals.unexpected), "expected": integer(totals.expected),
            "shrunk": integer(totals.shrunk), "byKind": .map(FirestoreMap(totals.byKind.map { ($0.key, integer($0.value)) })),
            "censusFailures": optional(totals.censusFailures), "casesWithFaults": optional(report.summary?.totals.casesWithFaults),
        ])
        map["classes"] = .array(report.classes.map(findingClass))
        map["explanations"] = .map(FirestoreMap(report.classes.compactMap(\.explanation).map { ($0.id, FirestoreValue.string($0.reason)) }))
        let caseTotals = report.summary?.totals
        map["coverage"] = caseTotals.map { coverage($0.coverage) } ?? .null
        map["census"] = caseTotals.map { .array($0.census.sortedEntries.map(censusEntry)) } ?? .null
        map["setupFailures"] = .array((caseTotals?.setupFailures ?? []).map(FirestoreValue.string))
        map["baseline"] = report.baseline.map(baseline) ?? .null
        return .map(map)
    }

    /// The bytes of `report.json` (ending with a newline).
    /// - Throws: `FirestoreJSONError` when a value cannot be written (nesting beyond jansson's
    ///   ceiling).
    package static func bytes(of report: Report) throws(FirestoreJSONError) -> [UInt8] {
        try PlainJSONWriter(options: options).write(value(of: report)) + [0x0A]
    }

    private static func findingClass(_ found: ReportClass) -> FirestoreValue {
        var map = FirestoreMap()
        map["id"] = integer(found.id)
        map["line"] = integer(found.line)
        map["cause"] = .string(found.cause.canonical)
        map["key"] = .string(found.key.canonical)
        map["title"] = .string(found.title)
        map["fix"] = .string(found.fix)
        map["probes"] = .array(found.probes.map { .string($0) })
        map["check"] = .string(found.key.check.rawValue)
        map["kind"] = .string(found.key.kind.rawValue)
        map["situation"] = .map([
            "container": .string(found.key.container.rawValue), "wrapper": optional(found.key.wrapper?.rawValue),
            "type": .string(found.key.type.token), "held": .string(found.key.held.token),
        ])
        map["expected"] = .boolean(found.expected)
        map["explanation"] = optional(found.explanation?.id)
        map["occurrences"] = optional(found.occurrences)
        for (member, value) in found.tally.values { map[member] = value }
        map["example"] = example(found.example, wholeCase: !found.expected)
        map["baseline"] = optional(found.baseline?.rawValue)
        switch found.exampleSource {
        case .shrunk(let summary):
            map["exampleSource"] = .string("shrunk")
            map["shrink"] = .map([
                "choicesBefore": integer(summary.choicesBefore), "choicesAfter": integer(summary.choicesAfter),
                "steps": integer(summary.steps), "attempts": integer(summary.attempts), "stop": .string(summary.stop.rawValue),
            ])
            map["notShrunkReason"] = .null
        case .smallest:
            map["exampleSource"] = .string("smallest")
            map["shrink"] = .null
            map["notShrunkReason"] = .null
        case .first(let reason):
            map["exampleSource"] = .string("first")
            map["shrink"] = .null
            map["notShrunkReason"] = .string(reason)
        }
        map["reproduce"] = optional(found.reproduce)
        return .map(map)
    }

    private static func example(_ example: JournalExample, wholeCase: Bool) -> FirestoreValue {
        .map([
            "path": .string(example.path), "firestorePath": optional(example.firestorePath), "schemaPath": .string(example.schemaPath),
            "leafType": optional(example.leafType), "wrapper": optional(example.wrapper), "container": .string(example.container),
            "held": example.held.json, "input": example.input?.json ?? .null,
            "outcomes": .array(example.outcomes.map(outcome)), "case": wholeCase ? testCase(example) : caseHandle(example.stored),
        ])
    }

    private static func outcome(_ outcome: JournalOutcome) -> FirestoreValue {
        .map([
            "mapper": .string(outcome.mapper), "result": .string(outcome.result), "words": .string(outcome.words),
            "failure": outcome.failure.map { failure in
                .map(["kind": .string(failure.kind), "path": .string(failure.path), "hasPath": .boolean(failure.hasPath),
                      "expected": optional(failure.expected), "found": optional(failure.found), "message": .string(failure.message)])
            } ?? .null,
            "leaf": outcome.leaf?.json ?? .null,
        ])
    }

    private static func testCase(_ example: JournalExample) -> FirestoreValue {
        var members = handle(example.stored)
        let json = example.caseJSON
        members["schema"] = json.schema
        members["document"] = json.document ?? .null
        members["documentError"] = optional(example.stored.documentError)
        members["documentText"] = optional(json.documentText)
        members["model"] = json.model ?? .null
        members["reference"] = optional(example.stored.record.reference?.path)
        return .map(members)
    }

    /// What names and replays a case: the rest is in the journal.
    private static func caseHandle(_ stored: StoredCase) -> FirestoreValue {
        .map(handle(stored))
    }

    private static func handle(_ stored: StoredCase) -> FirestoreMap {
        let record = stored.record
        return [
            "faults": .array(record.faults.map { .string($0.description) }), "seed": optional(record.seed.map { String($0) }),
            "caseIndex": optional(record.caseIndex), "choices": optional(record.choices.map { ChoiceSequence($0).text }),
        ]
    }

    private static func baseline(_ baseline: ReportBaseline) -> FirestoreValue {
        .map([
            "report": .string(baseline.source), "new": .array(baseline.new.map { .string($0.canonical) }),
            "gone": .array(baseline.gone.map { .map(["cause": .string($0.cause.canonical), "title": .string($0.cause.description),
                                                     "expected": .boolean($0.expected)]) }),
            "unchanged": integer(baseline.unchanged.count),
            "collapsed": .array(baseline.collapsed.map { entry in
                .map(["cause": .string(entry.cause.canonical), "title": .string(entry.cause.description), "before": integer(entry.before),
                      "beforeCases": optional(entry.beforeCases), "now": integer(entry.now), "nowCases": optional(entry.nowCases)])
            }),
        ])
    }

    private static func coverage(_ tally: CoverageTally) -> FirestoreValue {
        .map([
            "cells": .map(FirestoreMap(tally.counts.sorted { $0.key < $1.key }.map { ($0.key.token, integer($0.value)) })),
            "reached": integer(tally.reached.count), "reachable": integer(CoverageTally.reachable.count),
            "notReached": .array(tally.notReached.map { .string($0.token) }),
            "unreachable": .map(FirestoreMap(CoverageTally.unreachable.map { ($0.token, .string($0.unreachableReason ?? "")) })),
        ])
    }

    private static func censusEntry(_ entry: ErrorCensus.Entry) -> FirestoreValue {
        .map([
            "check": .string(entry.key.check.rawValue), "mapper": .string(entry.key.mapper), "kind": .string(entry.key.kind.rawValue),
            "kindDescription": .string(entry.key.kind.words), "situation": .string(entry.key.situation), "count": integer(entry.count),
            "examplePath": .string(entry.examplePath),
        ])
    }

    private static func integer(_ number: Int) -> FirestoreValue { .integer(Int64(number)) }

    private static func optional(_ number: Int?) -> FirestoreValue { number.map(integer) ?? .null }

    private static func optional(_ text: String?) -> FirestoreValue { text.map(FirestoreValue.string) ?? .null }
}
