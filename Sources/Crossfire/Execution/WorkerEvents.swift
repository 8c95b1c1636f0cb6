import FirestoreModel
import Synchronization

/// A worker's side of the event stream (`WorkerProtocol`): one line per event, each written
/// with one `write(2)` before what it announces happens. The first failed write (the parent
/// is gone) is kept and every later event dropped; the worker checks it after each case.
final class WorkerEvents: Sendable {
    private let output: FileDescriptorOutput
    private let broken = Mutex<String?>(nil)

    /// Why the stream broke, once it has.
    var failure: String? { broken.withLock { $0 } }

    /// A stream on `output`.
    init(output: FileDescriptorOutput) {
        self.output = output
    }

    /// Case `index` starts.
    func caseStarted(_ index: Int) {
        send(WorkerEventLine.Name.caseStarted, ["index": .integer(Int64(index))])
    }

    /// `mapper` is about to be called in `check`.
    func call(mapper: String, check: CheckKind) {
        write(WorkerEventLine.encode(WorkerEventLine.Name.call, tokens: check.rawValue + " " + mapper))
    }

    /// A new class is in the journal.
    func newClass(_ found: FindingClass) {
        send(WorkerEventLine.Name.newClass, [
            "id": .integer(Int64(found.id)), "key": .string(found.key.canonical), "path": .string(found.first.discrepancy.path.description),
        ])
    }

    /// A class's first example is shrunk and in the journal.
    func shrunk(_ found: FindingClass) {
        guard let shrunk = found.shrunk else { return }
        var payload: FirestoreMap = ["id": .integer(Int64(found.id)), "path": .string(shrunk.discrepancy.path.description)]
        if let summary = shrunk.shrink {
            payload["shrink"] = .map([
                "choicesBefore": .integer(Int64(summary.choicesBefore)), "choicesAfter": .integer(Int64(summary.choicesAfter)),
                "steps": .integer(Int64(summary.steps)), "attempts": .integer(Int64(summary.attempts)), "stop": .string(summary.stop.rawValue),
            ])
        }
        send(WorkerEventLine.Name.shrunk, payload)
    }

    /// The shrinker is about to run `choices`.
    func candidate(_ choices: [UInt64]) {
        write(WorkerEventLine.encode(WorkerEventLine.Name.candidate, tokens: ChoiceSequence(choices).text))
    }

    /// Case `index` has run its checks.
    func ran(_ index: Int, classes: [ClassReport], census: [CensusReport], cells: [GridCell: Int], setupFailure: String?) {
        send(WorkerEventLine.Name.ran, [
            "index": .integer(Int64(index)), "classes": .array(classes.map(\.json)),
            "census": .array(census.map(\.json)),
            "cells": WorkerProtocol.counts(Dictionary(uniqueKeysWithValues: cells.map { ($0.key.token, $0.value) })),
            "setupFailure": setupFailure.map(FirestoreValue.string) ?? .null,
        ])
    }

    /// The worker is done.
    func end(interrupted: Bool) {
        send(WorkerEventLine.Name.end, ["interrupted": .boolean(interrupted)])
    }

    private func send(_ name: String, _ payload: FirestoreMap) {
        do {
            write(try WorkerEventLine.encode(name, .map(payload)))
        } catch {
            broken.withLock { $0 = $0 ?? error.description }
        }
    }

    private func write(_ line: [UInt8]) {
        guard failure == nil else { return }
        if let reason = output.write(line) {
            broken.withLock { $0 = $0 ?? "cannot write to the parent: \(reason)" }
        }
    }
}

/// Wraps a mapper so that each call is announced on the event stream first, with the check
/// it belongs to (`CallObservingMapperFactory`).
enum AnnouncedMapperFactory {
    /// The spec with its factory wrapped.
    static func spec(_ spec: MapperSpec, events: WorkerEvents) -> MapperSpec {
        CallObservingMapperFactory.spec(spec) { call in events.call(mapper: call.mapper, check: call.check) }
    }
}
