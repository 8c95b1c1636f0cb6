import FirestoreJSON
import FirestoreModel
import Foundation

/// The finding class a regression file is about, and where its case shows it.
package struct RegressionTarget: Hashable, Sendable {
    /// The class.
    package var key: FindingClassKey
    /// The coding path of the leaf in the file's case (`tags[0].color`).
    package var path: String
    /// Its schema path (`tags[].color`).
    package var schemaPath: String

    /// The target for a finding.
    package init(_ finding: Finding) {
        key = finding.key
        path = finding.discrepancy.path.description
        schemaPath = finding.testCase.schema.schemaPath(of: finding.discrepancy.path)
    }

    /// Creates a target.
    package init(key: FindingClassKey, path: String, schemaPath: String) {
        self.key = key
        self.path = path
        self.schemaPath = schemaPath
    }
}

/// How far the case of a regression file was shrunk: the parts of each phase's statistics the
/// file keeps (the choice phase's choices before and after, steps, attempts and stop reason;
/// the tree phase's steps, attempts and stop reason).
package struct RegressionShrink: Hashable, Sendable {
    /// The choice phase, when it ran.
    package var choices: ShrinkStatistics?
    /// The tree phase, when it ran.
    package var tree: ShrinkStatistics?

    /// Creates a record.
    /// Creates a record of the parts the file keeps (so that it reads back equal).
    package init(choices: ShrinkStatistics?, tree: ShrinkStatistics?) {
        self.choices = choices.map { phase in
            ShrinkStatistics(steps: phase.steps, attempts: phase.attempts, stop: phase.stop,
                             choicesBefore: phase.choicesBefore, choicesAfter: phase.choicesAfter)
        }
        self.tree = tree.map { phase in ShrinkStatistics(steps: phase.steps, attempts: phase.attempts, stop: phase.stop) }
    }
}

/// Why a regression case cannot be made, read or written.
package struct RegressionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file (or a name for the case).
    package let source: String
    /// What was wrong, and where in the file.
    package let message: String

    /// Creates an error.
    package init(source: String, message: String) {
        self.source = source
        self.message = message
    }

    package var description: String { "\(source): \(message)" }
}

/// A minimized case pinned with its expected outcome: one file of `Corpus/regressions/`
/// (format in `Corpus/regressions/README.md`). Replaying it with `check(runner:)` lists
/// every way the outcome differs from the pinned one.
package struct RegressionCase: Sendable {
    /// The format versions this Crossfire reads (`crossfireRegression`): 2, and 3, which is 2
    /// with a pinned crash (`pinned.crash`) and is written only for a file that pins one.
    package static let formatVersions: ClosedRange<Int64> = 2...3

    /// The file's name without `.json`.
    package var name: String
    /// The finding the case is about.
    package var target: RegressionTarget
    /// The names of the mappers that ran it, the reference first.
    package var mappers: [String]
    /// The generation profile the case's choices replay with.
    package var profile: String
    /// The case.
    package var stored: StoredCase
    /// What running it gave when it was pinned.
    package var pinned: PinnedOutcome
    /// How far it was shrunk, when it was.
    package var shrink: RegressionShrink?
    /// The crash the file is about, when it is about one (its class is then the crash's).
    package var crash: PinnedCrash?

    /// Creates a regression case from its parts.
    package init(name: String, target: RegressionTarget, mappers: [String], profile: String, stored: StoredCase,
                pinned: PinnedOutcome, shrink: RegressionShrink?, crash: PinnedCrash? = nil) {
        self.name = name
        self.target = target
        self.mappers = mappers
        self.profile = profile
        self.stored = stored
        self.pinned = pinned
        self.shrink = shrink
        self.crash = crash
    }

    /// The format version the file is written in: 3 when it pins a crash, else 2.
    package var formatVersion: Int64 { crash == nil ? 2 : 3 }

    /// Pins a finding: runs its case as the file will hold it (the document as REST JSON, or
    /// only the choices when REST JSON cannot hold it) and records the outcome.
    /// - Throws: `RegressionError` when the case cannot be kept or run, or no longer shows the finding.
    package static func pin(_ finding: Finding, name: String, runner: CaseRunner, profile: String,
                           shrink: RegressionShrink? = nil) throws(RegressionError) -> RegressionCase {
        let stored = try storedForm(of: finding.testCase, name: name)
        let execution = try pinnedExecution(of: stored, runner: runner, name: name)
        guard execution.findings.contains(where: finding.isSameClass) else {
            throw RegressionError(source: name, message: "the class does not occur when the case is replayed from its stored form: \(finding.key)")
        }
        return RegressionCase(name: name, target: RegressionTarget(finding), mappers: runner.mappers.map(\.name), profile: profile,
                              stored: stored, pinned: PinnedOutcome(execution), shrink: shrink)
    }

    /// A runner of the built-in mappers the file names, with its profile.
    package func runner(allowlist: Allowlist = .sdkBehaviour) throws(MapperSelectionError) -> CaseRunner {
        try CaseRunner.builtIn(mappers: mappers, profile: profile, allowlist: allowlist)
    }

    /// Replays the case with `runner` and lists every difference from the pinned outcome
    /// (empty: the outcome still holds).
    package func check(runner: CaseRunner) -> [RegressionChange] {
        replay(runner: runner).changes
    }

    /// Replays the case with `runner`: a file that pins a crash first in a child process
    /// (`CrashProbe`), so that a case that still crashes is a change, not the end of this
    /// process; then, once it is known not to crash, in this one.
    package func replay(runner: CaseRunner) -> RegressionReplay {
        if stored.needsChoices && !GenerationProfile.isPreset(profile) {
            return RegressionReplay(changes: [.notRun(reason: "the case replays only from its choices, and its profile \"\(profile)\" is not a preset")])
        }
        if let crash {
            do {
                if let now = try CrashProbe(runner: runner).crash(of: stored) { return RegressionReplay(changes: [.crashes(now: now, pinned: crash)]) }
            } catch {
                return RegressionReplay(changes: [.notRun(reason: "the case pins a crash and runs only in a child process: \(error.description)")])
            }
        }
        let execution: CaseExecution
        do {
            execution = try runner.replay(stored)
        } catch {
            return RegressionReplay(changes: [.notRun(reason: error.message)])
        }
        if let failure = execution.setupFailure { return RegressionReplay(changes: [.notRun(reason: "the mappers cannot be prepared: \(failure)")]) }
        if let crash, !crash.isFixed { return RegressionReplay(changes: [], fixedCrash: crash.crash) }
        return RegressionReplay(changes: pinned.changes(to: PinnedOutcome(execution), target: target.key))
    }

    /// Replays the case with the built-in mappers it names.
    package func check() -> [RegressionChange] {
        replay().changes
    }

    /// Replays the case with the built-in mappers it names (see `replay(runner:)`).
    package func replay() -> RegressionReplay {
        do {
            return replay(runner: try runner())
        } catch {
            return RegressionReplay(changes: [.notRun(reason: error.description)])
        }
    }

    /// Reads a regression file.
    package static func load(from url: URL) throws(RegressionError) -> RegressionCase {
        let bytes = try FileError.contents(of: url.path)
            .mapError { RegressionError(source: url.path, message: "cannot read the file: \($0.reason)") }.get()
        let name = url.deletingPathExtension().lastPathComponent
        return try RegressionCase(json: bytes, name: name, source: url.path)
    }

    /// Writes the file atomically (a temporary file renamed into place).
    package func write(to url: URL) throws(RegressionError) {
        let bytes = try jsonBytes()
        do {
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            throw RegressionError(source: url.path, message: "cannot write: \(FileError.reason(of: error))")
        }
    }

    /// A file name for a class: its check, kind, container, type and what was held, joined
    /// by `-` (every character outside `A-Z a-z 0-9 . _ -` turned into `-`), then `-` and the
    /// first 8 hex digits of the key's digest — stable across runs and platforms.
    package static func fileName(for key: FindingClassKey) -> String {
        let words = [key.check.rawValue, key.kind.rawValue, key.container.rawValue, key.wrapper?.rawValue, key.type.token, key.held.token]
        var slug = ""
        for scalar in words.compactMap({ $0 }).joined(separator: "-").unicodeScalars {
            let isSafe = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "." || scalar == "_")
            slug += isSafe ? String(scalar) : "-"
        }
        return slug + "-" + String(key.digest.prefix(8))
    }

    /// Whether a name can be a regression file's name: `A-Z a-z 0-9 . _ -`, not starting with `.`.
    package static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "." || scalar == "_" || scalar == "-")
        }
    }
}
