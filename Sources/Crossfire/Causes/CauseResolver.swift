import FirestoreModel
import ModelSchema

/// A finding's cause and the probes that showed it (journalled with its class).
package struct ResolvedCause: Hashable, Sendable {
    /// The cause: the class.
    package var cause: CauseKey
    /// What each probe changed and what the mappers did then, in words.
    package var probes: [String]
}

/// Derives the cause of a finding (the idea of Hypothesis's explain phase and of delta
/// debugging): who departs, and which rule.
///
/// - **Attribution.** A disagreement belongs to the mapper that departs from the others: with
///   two families of mappers, the one that is not the reference's; with three or more, the odd
///   one out — the reference itself when two other families agree against it. Mappers of one
///   family (the hand mapper's strict and lenient styles) depart as one.
/// - **Key probes.** At each struct field on the leaf's path, the departing mapper's decode is
///   run again without the field's coding key, and with the value under its property name; a
///   mapper whose result ignores the coding key and follows the property name reads the field
///   under it, whatever the field holds. An encode is looked at the same way in what it stored.
/// - **Round trips** are sent back to their step: the departing mapper's encode against another
///   family's, then its decode of that family's stored document; a loss that no step shows and
///   every family has alike is the shared storage's.
/// - Otherwise the cause is the behaviour at the leaf: the direction, the type family, what was
///   held and the two results. Container, check, hand-written coding and names are facets.
package struct CauseResolver: Sendable {
    /// The mappers and allowlist of the run.
    package let runner: CaseRunner

    /// Creates a resolver for the runs of `runner`.
    package init(runner: CaseRunner) {
        self.runner = runner
    }

    /// The cause of `finding`, one of `execution`'s findings.
    package func resolve(_ finding: Finding, in execution: CaseExecution) -> ResolvedCause {
        let key = finding.key
        if let missing = key.missing {
            return departedFromRule(finding, entry: missing, in: execution)
                ?? ResolvedCause(cause: CauseKey(departs: [], rule: .vanished(entry: missing)), probes: [])
        }
        let outcomes = finding.discrepancy.outcomes
        if key.kind == .crash, let crashed = outcomes.first {
            let message = Self.withoutDigits(crashed.failure?.message ?? "")
            return ResolvedCause(cause: CauseKey(departs: [family(of: crashed.mapper)], rule: .crash(ending: Self.crashEnding(crashed.result), message: message)),
                                 probes: [])
        }
        if let explanation = finding.explanation {
            let departing = outcomes.count > 1 ? Array(outcomes.dropFirst()) : outcomes
            return ResolvedCause(cause: CauseKey(departs: Array(Set(departing.map { family(of: $0.mapper) })), rule: .documented(entry: explanation.id)),
                                 probes: [])
        }
        switch key.check {
        case .roundTrip: return resolveRoundTrip(finding, in: execution)
        case .decode, .encode: return resolvePair(finding, in: execution)
        // Crossfire's storage model against a real Firestore: the model departs (or the
        // emulator), in what it accepts or gives back.
        case .storage: return behaviour(key, departs: outcomes.dropFirst().map(\.mapper), direction: .storage, probes: [])
        }
    }

    // MARK: Attribution

    /// The family a mapper belongs to (`MapperSpec.family`), by name.
    func family(of mapper: String) -> String {
        runner.mappers.first { $0.name == mapper }?.family ?? mapper
    }

    /// Who departs at a two-sided discrepancy: the other side, unless other families agree
    /// with it against the reference (then the reference is the odd one out).
    private func attribution(_ finding: Finding, in execution: CaseExecution) -> (departing: MapperOutcome, others: MapperOutcome)? {
        let outcomes = finding.discrepancy.outcomes
        guard outcomes.count == 2 else { return nil }
        let (reference, other) = (outcomes[0], outcomes[1])
        let token = finding.key.outcomes.last?.result.token
        let agreeing = execution.findings.filter { sibling in
            sibling.key.check == finding.key.check && sibling.discrepancy.path == finding.discrepancy.path
                && sibling.discrepancy.outcomes.first?.mapper == reference.mapper && sibling.key.outcomes.last?.result.token == token
        }
        let families = Set(agreeing.compactMap { $0.discrepancy.outcomes.last.map { family(of: $0.mapper) } })
        return families.count >= 2 ? (reference, other) : (other, reference)
    }

    private func resolvePair(_ finding: Finding, in execution: CaseExecution) -> ResolvedCause {
        let key = finding.key
        guard let (departing, others) = attribution(finding, in: execution) else {
            return behaviour(key, departs: finding.discrepancy.outcomes.map { family(of: $0.mapper) }, direction: .read, probes: [])
        }
        let direction: CauseKey.Direction = key.check == .encode ? .write : .read
        let departs = [family(of: departing.mapper)]
        // A probe that finds the disagreement this one follows from: its cause is this one's.
        let underlying: (discrepancy: Discrepancy, record: CaseRecord, note: String)? = switch direction {
        case .read where finding.discrepancy.facts.container == .setElement:
            SetElementProbe(runner: runner, record: execution.record, departing: departing.mapper, reference: others.mapper)
                .loneElementDiscrepancy(at: finding.discrepancy.path)
        case .write:
            RepairedFailureProbe(runner: runner, record: execution.record, departing: departing, reference: others).repairedDiscrepancy()
        default:
            nil
        }
        if let (discrepancy, record, note) = underlying {
            return resolve(Finding(discrepancy: discrepancy, testCase: record, allowlist: runner.allowlist), alone: record, note: note)
        }
        // A mapper that got past the leaf and failed after it: every probe below looks at a
        // document in which it reads the leaf itself.
        var record = execution.record
        var notes: [String] = []
        var isolatedResult: LeafResult?
        if direction == .read, departing.result == .passed, case .failed(let refusal, .here) = others.result,
           let isolated = IsolatedLeafProbe(runner: runner, record: record, departing: departing.mapper, reference: others.mapper)
            .reading(at: finding.discrepancy.path, refusal: refusal) {
            record.document = isolated.document
            isolatedResult = isolated.result
            notes.append(isolated.note)
        }
        let probe = KeyProbe(runner: runner, record: record, departing: departing.mapper, reference: others.mapper)
        let keyed = key.check == .encode ? probe.writtenKey(at: finding.discrepancy.path) : probe.readKey(at: finding.discrepancy.path)
        if let (role, keyNotes) = keyed {
            return ResolvedCause(cause: CauseKey(departs: departs, rule: .key(role: role)), probes: notes + keyNotes)
        }
        let departingIsReference = departing.mapper == finding.discrepancy.outcomes.first?.mapper
        let results = key.outcomes.map(\.result.token)
        // A @DocumentID's value comes from the reference whatever its type (String or
        // DocumentReference): the type is a facet there.
        var type = key.held == .unread ? "any" : key.type.token
        var (mine, theirs) = departingIsReference ? (results.first ?? "", results.last ?? "") : (results.last ?? "", results.first ?? "")
        if let isolatedResult { mine = isolatedResult.token }
        if departingIsReference { notes.append("\(finding.discrepancy.outcomes.last.map(\.mapper) ?? "") agrees with another family against \(departing.mapper)") }
        if direction == .read, let dropped = CompactionProbe(runner: runner, record: record, departing: departing.mapper, reference: others.mapper)
            .droppedElements(at: finding.discrepancy.path) {
            return ResolvedCause(cause: CauseKey(departs: departs, rule: CauseKey.Rule.droppedElements),
                                 probes: notes + [dropped])
        }
        let held = NumberKindProbe(runner: runner, record: record, departing: departing.mapper, reference: others.mapper)
            .held(finding, direction: direction)
        var heldToken = held.token
        notes += held.notes
        // A number read into a number type as another value: the kind it was stored as is a
        // facet (the probe above cannot always swap it: a double beyond Int64, a coded value).
        if direction == .read, mine == "value", theirs == "value", ["integer", "double", "float", "decimal"].contains(type),
           ["integer", "double", "number"].contains(heldToken) {
            heldToken = "number"
        }
        // An unknown raw value of an enum: what kind its raw type stores is a facet.
        if direction == .read, type == "rawEnum", case .failed(.dataCorrupted, .here) = others.result { heldToken = "raw-value" }
        // Nothing where the SDK refuses (an `as? T` that swallows the error): the rule is the
        // refusal swallowed, whatever the type and the kind held were.
        if direction == .read, case .failed(let refusal, .here) = others.result, CauseKey.givesNothing(mine) {
            theirs = refusal.rawValue
            type = "any"
            if !["absent", "null", "unread"].contains(heldToken) { heldToken = "present" }
        }
        return ResolvedCause(cause: CauseKey(departs: departs, rule: .behaviour(direction: direction, type: type, held: heldToken,
                                                                              departing: mine, others: theirs)),
                             probes: notes)
    }

    /// The behaviour at the leaf as the cause; `typed: false` for a behaviour of storage, which
    /// knows the kind stored and no Swift type (a type there is a facet).
    private func behaviour(_ key: FindingClassKey, departs: [String], direction: CauseKey.Direction, probes: [String], typed: Bool = true) -> ResolvedCause {
        let results = key.outcomes.map(\.result.token)
        return ResolvedCause(cause: CauseKey(departs: Array(Set(departs)), rule: .behaviour(direction: direction, type: typed ? key.type.token : "any", held: key.held.token,
                                                                                          departing: results.last ?? "", others: results.count > 1 ? results[0] : "")),
                             probes: probes)
    }

    // MARK: Round trips

    /// A round-trip loss sent back to its step: the mapper's encode against another family's,
    /// then its decode of what that family stored; else the storage's, when every family's
    /// round trip loses there alike.
    private func resolveRoundTrip(_ finding: Finding, in execution: CaseExecution) -> ResolvedCause {
        let record = execution.record
        let path = finding.discrepancy.path
        guard let lost = finding.discrepancy.outcomes.first, let model = record.model,
              let mine = runner.mappers.first(where: { $0.name == lost.mapper }) else {
            return behaviour(finding.key, departs: finding.discrepancy.outcomes.map { family(of: $0.mapper) }, direction: .storage, probes: [])
        }
        let lossFamilies = Set(execution.findings.filter { $0.key.check == .roundTrip && $0.discrepancy.path == path }
            .compactMap { $0.discrepancy.outcomes.first.map { family(of: $0.mapper) } })
        for other in runner.mappers where other.family != mine.family && other.style == .strict {
            guard let differ = try? ProbeDiffer(runner: runner, record: record, specs: [other, mine]) else { continue }
            let stored = differ.differ.storedDocuments(model)
            let encoded = differ.differ.checkEncode(model, stored: stored).discrepancies
            let keys = KeyProbe(runner: runner, record: record, departing: mine.name, reference: other.name)
            if let step = Self.nearest(encoded, to: path, in: record.schema),
               let resolved = stepCause(step, of: mine.family, in: record, keyed: keys.writtenKey(at:),
                                        note: "the round trip's loss at \(path) is \(mine.name)'s write: its encode parts from \(other.name)'s at \(step.path)") {
                return resolved
            }
            // What the other family stored, else (it refuses the model) what this mapper did.
            guard let theirs = stored.lazy.compactMap({ try? $0.get() }).first else { continue }
            let decoded = differ.differ.checkDecode(theirs).discrepancies
            var probeRecord = record
            probeRecord.document = theirs
            let readKeys = KeyProbe(runner: runner, record: probeRecord, departing: mine.name, reference: other.name)
            if let step = Self.nearest(decoded, to: path, in: record.schema),
               let resolved = stepCause(step, of: mine.family, in: probeRecord, keyed: readKeys.readKey(at:),
                                        note: "the round trip's loss at \(path) is \(mine.name)'s read: it decodes \(other.name)'s stored document unlike \(other.name) at \(step.path)") {
                return resolved
            }
            // A lenient default is placed where the mapper looked, not at the loss: the loss's
            // own key may still be read under another.
            if !decoded.isEmpty, let (role, notes) = readKeys.readKey(at: path) {
                return ResolvedCause(cause: CauseKey(departs: [mine.family], rule: .key(role: role)),
                                     probes: ["the round trip's loss at \(path) is \(mine.name)'s read of \(other.name)'s stored document"] + notes)
            }
        }
        let families = Set(runner.mappers.map(\.family))
        let shared = lossFamilies.count == families.count && families.count > 1
        let note = shared ? "every family's round trip loses at \(path), and their encodes and decodes agree: the shared write or read path"
                          : "no step of \(mine.name)'s round trip parts from another family's"
        return behaviour(finding.key, departs: shared ? [] : [family(of: lost.mapper)], direction: .storage, probes: [note], typed: !shared)
    }

    /// The cause of a round trip's step: its own, when no allowlist entry explains it; else
    /// the key the mapper used there, when it used another (what an entry excuses there, a
    /// lenient default for a missing key, then follows from the key); else none.
    private func stepCause(_ step: Discrepancy, of family: String, in record: CaseRecord, keyed: (ValuePath) -> (CauseKey.KeyRole, [String])?,
                           note: String) -> ResolvedCause? {
        let stepFinding = Finding(discrepancy: step, testCase: record, allowlist: runner.allowlist)
        if !stepFinding.isExpected { return resolve(stepFinding, alone: record, note: note) }
        guard let (role, notes) = keyed(step.path) else { return nil }
        return ResolvedCause(cause: CauseKey(departs: [family], rule: .key(role: role)), probes: [note] + notes)
    }

    /// An SDK rule that did not fire for one mapper of another family than the reference's,
    /// where that mapper reads the reference's own stored document unlike the reference: the
    /// rule did not vanish — the mapper departs from it, and the cause is how it reads there.
    private func departedFromRule(_ finding: Finding, entry: String, in execution: CaseExecution) -> ResolvedCause? {
        let record = execution.record
        let path = finding.discrepancy.path
        guard finding.discrepancy.outcomes.count == 1, let name = finding.discrepancy.outcomes.first?.mapper,
              let mine = runner.mappers.first(where: { $0.name == name }), let reference = runner.mappers.first,
              reference.family != mine.family, let model = record.model,
              let differ = try? ProbeDiffer(runner: runner, record: record, specs: [reference, mine]),
              case .success(let stored)? = differ.differ.storedDocuments(model).first else { return nil }
        var probeRecord = record
        probeRecord.document = stored
        guard let step = Self.nearest(differ.differ.checkDecode(stored).discrepancies, to: path, in: record.schema),
              case let stepFinding = Finding(discrepancy: step, testCase: probeRecord, allowlist: runner.allowlist), !stepFinding.isExpected else { return nil }
        return resolve(stepFinding, alone: probeRecord,
                       note: "the SDK rule \(entry) did not fire for \(name) at \(path): it reads \(reference.name)'s stored document unlike \(reference.name) at \(step.path)")
    }

    /// The cause of a probe's finding in a case of its own (no sibling findings), with the
    /// note that led there first among its probes.
    private func resolve(_ finding: Finding, alone record: CaseRecord, note: String) -> ResolvedCause {
        var resolved = resolve(finding, in: CaseExecution(record: record, findings: [], checks: [], setupFailure: nil))
        resolved.probes.insert(note, at: 0)
        return resolved
    }

    /// The discrepancy at `path`, or at a place that encloses it or that it encloses, or at
    /// another element of the container that holds it: of a set (its elements are paired by
    /// likeness, so a step may meet the one at another place), or one where the other mapper
    /// failed (it stopped there, before it met the element at `path`).
    private static func nearest(_ discrepancies: [Discrepancy], to path: ValuePath, in schema: ModelSchema) -> Discrepancy? {
        discrepancies.first { $0.path == path } ?? discrepancies.first { $0.path.isPrefix(of: path) || path.isPrefix(of: $0.path) }
            ?? discrepancies.first { step in
                // Elements of one array, set or dictionary: never two fields of one struct.
                !path.isRoot && !step.path.isRoot && step.path.parent == path.parent && schema.structName(at: path.parent) == nil
                    && (step.facts.container == .setElement || step.outcomes.first?.failure != nil)
            }
    }

    // MARK: Words

    private static func crashEnding(_ result: LeafResult) -> String {
        if case .crashed(let ending) = result { return ending }
        return result.token
    }

    /// The runtime's own words in a crash's message — from the place it names before `Fatal
    /// error:` on, where the message has one, without what the harness said around it — with
    /// its digits left out, so that two traps of one kind at other values or lines are one
    /// cause: `SchemaObject.swift:#: Fatal error: Unexpectedly found nil while unwrapping…`.
    package static func withoutDigits(_ message: String) -> String {
        var firstLine = Substring(message.split(separator: "\n", maxSplits: 1).first ?? "")
        if let fatal = firstLine.range(of: "Fatal error:") {
            let place = firstLine[..<fatal.lowerBound].split(separator: " ").last.map { $0.hasSuffix(":") ? String($0) + " " : "" } ?? ""
            firstLine = Substring(place + firstLine[fatal.lowerBound...])
        }
        var result = ""
        var lastWasDigit = false
        for character in firstLine {
            if character.isNumber {
                if !lastWasDigit { result.append("#") }
                lastWasDigit = true
            } else {
                result.append(character)
                lastWasDigit = false
            }
        }
        return String(result.prefix(160))
    }
}
