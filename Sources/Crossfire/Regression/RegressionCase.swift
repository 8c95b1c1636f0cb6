import FirestoreJSON
import FirestoreModel
import Foundation

/// The finding a regression file is about.
public struct RegressionTarget: Hashable, Sendable {
    /// Its signature (see `Finding.signature(of:schema:)`).
    public var signature: String
    /// Its kind.
    public var kind: FindingKind
    /// The check that finds it.
    public var check: CheckKind
    /// Its coding path (`tags[0].color`).
    public var path: String
    /// Its schema path (`tags[].color`).
    public var schemaPath: String
    /// The allowlist entry that explains it, when it is expected.
    public var explanation: String?

    /// The target for a finding.
    public init(_ finding: Finding) {
        signature = finding.signature
        kind = finding.discrepancy.kind
        check = finding.discrepancy.check
        path = finding.discrepancy.path.description
        schemaPath = finding.testCase.schema.schemaPath(of: finding.discrepancy.path)
        explanation = finding.explanation?.id
    }

    /// Creates a target.
    public init(signature: String, kind: FindingKind, check: CheckKind, path: String, schemaPath: String, explanation: String?) {
        self.signature = signature
        self.kind = kind
        self.check = check
        self.path = path
        self.schemaPath = schemaPath
        self.explanation = explanation
    }
}

/// How far the case of a regression file was shrunk.
public struct RegressionShrink: Hashable, Sendable {
    /// The choice phase, when it ran.
    public var choices: ShrinkSummary?
    /// The tree phase, when it ran.
    public var tree: TreeShrinkSummary?

    /// Creates a record.
    public init(choices: ShrinkSummary?, tree: TreeShrinkSummary?) {
        self.choices = choices
        self.tree = tree
    }
}

/// Why a regression case cannot be made, read or written.
public struct RegressionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file (or a name for the case).
    public let source: String
    /// What was wrong, and where in the file.
    public let message: String

    /// Creates an error.
    public init(source: String, message: String) {
        self.source = source
        self.message = message
    }

    public var description: String { "\(source): \(message)" }
}

/// A minimized case pinned with its expected outcome: one file of `Corpus/regressions/`
/// (format in `Corpus/regressions/README.md`). Replaying it with `check(runner:)` lists
/// every way the outcome differs from the pinned one.
public struct RegressionCase: Sendable {
    /// The format version this Crossfire reads and writes (`crossfireRegression`).
    public static let formatVersion: Int64 = 1

    /// The file's name without `.json`.
    public var name: String
    /// The finding the case is about.
    public var target: RegressionTarget
    /// The names of the mappers that ran it, the reference first.
    public var mappers: [String]
    /// The generation profile the case's choices replay with.
    public var profile: String
    /// The case.
    public var stored: StoredCase
    /// What running it gave when it was pinned.
    public var pinned: PinnedOutcome
    /// How far it was shrunk, when it was.
    public var shrink: RegressionShrink?

    /// Creates a regression case from its parts.
    public init(name: String, target: RegressionTarget, mappers: [String], profile: String, stored: StoredCase,
                pinned: PinnedOutcome, shrink: RegressionShrink?) {
        self.name = name
        self.target = target
        self.mappers = mappers
        self.profile = profile
        self.stored = stored
        self.pinned = pinned
        self.shrink = shrink
    }

    /// Pins a finding: runs its case as the file will hold it (the document as REST JSON, or
    /// only the choices when REST JSON cannot hold it) and records the outcome.
    /// - Throws: `RegressionError` when the case cannot be kept or run, or no longer shows the finding.
    public static func pin(_ finding: Finding, name: String, runner: CaseRunner, profile: String,
                           shrink: RegressionShrink? = nil) throws(RegressionError) -> RegressionCase {
        let stored: StoredCase
        do {
            stored = try StoredCase(json: try JournalFormat.encodeCase(finding.testCase))
        } catch {
            throw RegressionError(source: name, message: "the case cannot be kept: \(error)")
        }
        let execution: CaseExecution
        do {
            execution = try runner.replay(stored)
        } catch {
            throw RegressionError(source: name, message: error.message)
        }
        if let failure = execution.setupFailure {
            throw RegressionError(source: name, message: "the mappers cannot be prepared for the case's schema: \(failure)")
        }
        guard execution.findings.contains(where: { $0.signature == finding.signature }) else {
            throw RegressionError(source: name, message: "the finding does not occur when the case is replayed from its stored form: \(finding.signature)")
        }
        return RegressionCase(name: name, target: RegressionTarget(finding), mappers: runner.mappers.map(\.name), profile: profile,
                              stored: stored, pinned: PinnedOutcome(execution), shrink: shrink)
    }

    /// A runner of the built-in mappers the file names, with its profile.
    public func runner(allowlist: Allowlist = .sdkBehaviour) throws(MapperSelectionError) -> CaseRunner {
        try CaseRunner.builtIn(mappers: mappers, profile: profile, allowlist: allowlist)
    }

    /// Replays the case with `runner` and lists every difference from the pinned outcome
    /// (empty: the outcome still holds).
    public func check(runner: CaseRunner) -> [RegressionChange] {
        if stored.needsChoices && !GenerationProfile.isPreset(profile) {
            return [.notRun(reason: "the case replays only from its choices, and its profile \"\(profile)\" is not a preset")]
        }
        let execution: CaseExecution
        do {
            execution = try runner.replay(stored)
        } catch {
            return [.notRun(reason: error.message)]
        }
        if let failure = execution.setupFailure { return [.notRun(reason: "the mappers cannot be prepared: \(failure)")] }
        return pinned.changes(to: PinnedOutcome(execution), target: target.signature)
    }

    /// Replays the case with the built-in mappers it names.
    public func check() -> [RegressionChange] {
        do {
            return check(runner: try runner())
        } catch {
            return [.notRun(reason: error.description)]
        }
    }

    /// Reads a regression file.
    public static func load(from url: URL) throws(RegressionError) -> RegressionCase {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw RegressionError(source: url.path, message: "cannot read the file")
        }
        let name = url.deletingPathExtension().lastPathComponent
        return try RegressionCase(json: Array(data), name: name, source: url.path)
    }

    /// Writes the file atomically (a temporary file renamed into place).
    public func write(to url: URL) throws(RegressionError) {
        let bytes = try jsonBytes()
        do {
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            throw RegressionError(source: url.path, message: "cannot write: \(error.localizedDescription)")
        }
    }

    /// A file name from a signature: its kind, check, schema path and type pair with every
    /// character outside `A-Z a-z 0-9 . _ -` turned into `-`, at most 80 characters, then
    /// `-` and 8 hex digits of the signature's FNV-1a hash — stable across runs and platforms.
    public static func fileName(forSignature signature: String) -> String {
        var slug = ""
        var lastWasDash = true
        // Everything up to the type pair's closing bracket; the mappers' outcomes follow it.
        let readable = signature.lastIndex(of: "]").map { signature[...$0] } ?? signature[...]
        for scalar in readable.unicodeScalars {
            let isSafe = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "." || scalar == "_")
            if isSafe {
                slug.unicodeScalars.append(scalar)
                lastWasDash = false
            } else if !lastWasDash {
                slug += "-"
                lastWasDash = true
            }
            if slug.unicodeScalars.count >= 80 { break }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        while slug.hasPrefix(".") { slug.removeFirst() }
        var hash: UInt32 = 0x811C_9DC5
        for byte in signature.utf8 {
            hash = (hash ^ UInt32(byte)) &* 0x0100_0193
        }
        let hex = String(hash, radix: 16)
        return (slug.isEmpty ? "finding" : slug) + "-" + String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// Whether a name can be a regression file's name: `A-Z a-z 0-9 . _ -`, not starting with `.`.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "." || scalar == "_" || scalar == "-")
        }
    }
}
