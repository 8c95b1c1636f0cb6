import FirestoreJSON
import FirestoreModel

/// The JSON form of a regression file (version 2; see `Corpus/regressions/README.md`).
extension RegressionCase {
    /// The file's bytes: indented JSON with sorted keys, ending in a newline.
    public func jsonBytes() throws(RegressionError) -> [UInt8] {
        var map = FirestoreMap()
        map["crossfireRegression"] = .integer(formatVersion)
        map["name"] = .string(name)
        map["finding"] = .map([
            "class": .string(target.key.canonical), "title": .string(target.key.description),
            "path": .string(target.path), "schemaPath": .string(target.schemaPath),
        ])
        map["mappers"] = .array(mappers.map(FirestoreValue.string))
        map["profile"] = .string(profile)
        do {
            var caseValue = try JournalFormat.caseValue(stored.record)
            if let reason = stored.documentError, case .map(var caseMap) = caseValue {
                caseMap["documentError"] = .string(reason)
                caseValue = .map(caseMap)
            }
            map["case"] = caseValue
        } catch {
            throw RegressionError(source: name, message: "the case cannot be written: \(error)")
        }
        var pinnedMap: FirestoreMap = [
            "outcomes": .array(pinned.outcomes.map(RegressionCase.encode)),
            "classes": .array(pinned.classes.map { .string($0.canonical) }),
        ]
        if let crash { pinnedMap["crash"] = RegressionCase.encode(crash) }
        map["pinned"] = .map(pinnedMap)
        map["shrink"] = shrink.map(RegressionCase.encode) ?? .null
        do {
            var bytes = try PlainJSONWriter(options: JSONWriteOptions(sortedKeys: true, layout: .indented(2), maximumDepth: JSONReadOptions.depthCeiling))
                .write(.map(map))
            bytes.append(0x0A)
            return bytes
        } catch {
            throw RegressionError(source: name, message: "cannot write the JSON: \(error)")
        }
    }

    private static func encode(_ outcome: MapperCheckOutcome) -> FirestoreValue {
        var map: FirestoreMap = ["check": .string(outcome.check.rawValue), "mapper": .string(outcome.mapper), "result": .string(outcome.result)]
        if let path = outcome.path { map["path"] = .string(path) }
        if let stage = outcome.stage { map["stage"] = .string(stage.rawValue) }
        return .map(map)
    }

    private static func encode(_ pinned: PinnedCrash) -> FirestoreValue {
        let call: FirestoreValue = pinned.crash.call.map { call in
            .map(["mapper": .string(call.mapper), "function": .string(call.function.rawValue), "check": .string(call.check.rawValue)])
        } ?? .null
        return .map([
            "call": call, "ending": .string(pinned.crash.ending), "found": .string(pinned.crash.found),
            "message": .string(pinned.crash.message), "fixed": .boolean(pinned.isFixed),
        ])
    }

    private static func encode(_ shrink: RegressionShrink) -> FirestoreValue {
        .map([
            "choices": shrink.choices.map { summary in
                .map(["before": .integer(Int64(summary.choicesBefore)), "after": .integer(Int64(summary.choicesAfter)),
                      "steps": .integer(Int64(summary.steps)), "attempts": .integer(Int64(summary.attempts)),
                      "stop": .string(summary.stop.rawValue)])
            } ?? .null,
            "tree": shrink.tree.map { summary in
                .map(["steps": .integer(Int64(summary.steps)), "attempts": .integer(Int64(summary.attempts)),
                      "stop": .string(summary.stop.rawValue)])
            } ?? .null,
        ])
    }

    /// Reads a regression file's bytes; `name` is the file's name without `.json`, `source`
    /// names it in errors.
    public init(json bytes: [UInt8], name: String, source: String) throws(RegressionError) {
        let value: FirestoreValue
        do {
            value = try PlainJSONReader(options: JSONReadOptions(maximumDepth: JSONReadOptions.depthCeiling)).readValue(from: bytes)
        } catch {
            throw RegressionError(source: source, message: "not JSON: \(error)")
        }
        let root = RegressionObject(value, path: "", source: source)
        let version = try root.integer("crossfireRegression")
        guard RegressionCase.formatVersions.contains(Int64(version)) else {
            let versions = RegressionCase.formatVersions
            throw root.error("crossfireRegression", "format version \(version); this Crossfire reads versions \(versions.lowerBound) and \(versions.upperBound)")
        }
        let finding = try root.object("finding")
        let target = RegressionTarget(key: try finding.classKey("class"), path: try finding.string("path"),
                                      schemaPath: try finding.string("schemaPath"))
        let mappers = try root.array("mappers").map { element throws(RegressionError) in try element.stringValue() }
        let caseValue = try root.member("case").value
        let stored: StoredCase
        do {
            stored = try StoredCase(json: caseValue)
        } catch {
            throw RegressionError(source: source, message: "at case: \(error.message)")
        }
        let pinnedObject = try root.object("pinned")
        var outcomes: [MapperCheckOutcome] = []
        for element in try pinnedObject.array("outcomes") {
            let object = try element.asObject()
            let checkText = try object.string("check")
            guard let outcomeCheck = CheckKind(rawValue: checkText) else { throw object.error("check", "unknown check \"\(checkText)\"") }
            var stage: MapperCheckOutcome.Stage?
            if let stageText = try object.optionalString("stage") {
                guard let parsed = MapperCheckOutcome.Stage(rawValue: stageText) else { throw object.error("stage", "must be encode or decode") }
                stage = parsed
            }
            outcomes.append(MapperCheckOutcome(check: outcomeCheck, mapper: try object.string("mapper"), result: try object.string("result"),
                                               path: try object.optionalString("path"), stage: stage))
        }
        var classes: [FindingClassKey] = []
        for element in try pinnedObject.array("classes") { classes.append(try element.classKey()) }
        let crash = try RegressionCase.crash(pinnedObject)
        guard (crash != nil) == (version == 3) else {
            throw pinnedObject.error("crash", version == 3 ? "missing: format version 3 pins a crash" : "a pinned crash needs format version 3")
        }
        self.init(name: name, target: target, mappers: mappers, profile: try root.string("profile"), stored: stored,
                  pinned: PinnedOutcome(outcomes: outcomes, classes: classes), shrink: try RegressionCase.shrink(root), crash: crash)
    }

    private static func crash(_ pinned: RegressionObject) throws(RegressionError) -> PinnedCrash? {
        guard let object = try pinned.optionalObject("crash") else { return nil }
        var call: MapperCall?
        if let callObject = try object.optionalObject("call") {
            let functionText = try callObject.string("function")
            guard let function = MapperCall.Function(rawValue: functionText) else { throw callObject.error("function", "must be decode or encode") }
            let checkText = try callObject.string("check")
            guard let check = CheckKind(rawValue: checkText) else { throw callObject.error("check", "unknown check \"\(checkText)\"") }
            call = MapperCall(mapper: try callObject.string("mapper"), function: function, check: check)
        }
        let crash = CaseCrash(call: call, ending: try object.string("ending"), found: try object.string("found"), message: try object.string("message"))
        return PinnedCrash(crash: crash, isFixed: try object.bool("fixed"))
    }

    private static func shrink(_ root: RegressionObject) throws(RegressionError) -> RegressionShrink? {
        guard let shrink = try root.optionalObject("shrink") else { return nil }
        var choices: ShrinkStatistics?
        if let object = try shrink.optionalObject("choices") {
            choices = ShrinkStatistics(steps: try object.integer("steps"), attempts: try object.integer("attempts"), stop: try object.stop("stop"),
                                       choicesBefore: try object.integer("before"), choicesAfter: try object.integer("after"))
        }
        var tree: ShrinkStatistics?
        if let object = try shrink.optionalObject("tree") {
            tree = ShrinkStatistics(steps: try object.integer("steps"), attempts: try object.integer("attempts"), stop: try object.stop("stop"))
        }
        return RegressionShrink(choices: choices, tree: tree)
    }
}

/// A JSON value of a regression file with its location, for reading with errors that say where.
private struct RegressionObject {
    let value: FirestoreValue
    let path: String
    let source: String

    init(_ value: FirestoreValue, path: String, source: String) {
        self.value = value
        self.path = path
        self.source = source
    }

    func error(_ key: String?, _ message: String) -> RegressionError {
        let location = key.map { path.isEmpty ? $0 : "\(path).\($0)" } ?? (path.isEmpty ? "the top level" : path)
        return RegressionError(source: source, message: "at \(location): \(message)")
    }

    func member(_ key: String) throws(RegressionError) -> RegressionObject {
        guard case .map(let map) = value else { throw error(nil, "expected an object") }
        guard let child = map[key] else { throw error(key, "missing") }
        return RegressionObject(child, path: path.isEmpty ? key : "\(path).\(key)", source: source)
    }

    func asObject() throws(RegressionError) -> RegressionObject {
        guard case .map = value else { throw error(nil, "expected an object") }
        return self
    }

    func object(_ key: String) throws(RegressionError) -> RegressionObject {
        try member(key).asObject()
    }

    func optionalObject(_ key: String) throws(RegressionError) -> RegressionObject? {
        guard case .map(let map) = value, let child = map[key], child != .null else { return nil }
        return try member(key).asObject()
    }

    func stringValue() throws(RegressionError) -> String {
        guard case .string(let text) = value else { throw error(nil, "expected a string") }
        return text
    }

    func string(_ key: String) throws(RegressionError) -> String {
        try member(key).stringValue()
    }

    func optionalString(_ key: String) throws(RegressionError) -> String? {
        guard case .map(let map) = value, let child = map[key], child != .null else { return nil }
        return try member(key).stringValue()
    }

    func integer(_ key: String) throws(RegressionError) -> Int {
        let child = try member(key)
        guard case .integer(let number) = child.value, let result = Int(exactly: number) else { throw child.error(nil, "expected an integer") }
        return result
    }

    func classKey() throws(RegressionError) -> FindingClassKey {
        let text = try stringValue()
        do {
            return try FindingClassKey(canonical: text)
        } catch {
            throw self.error(nil, error.description)
        }
    }

    func classKey(_ key: String) throws(RegressionError) -> FindingClassKey {
        try member(key).classKey()
    }

    func stop(_ key: String) throws(RegressionError) -> ShrinkStop {
        let text = try string(key)
        guard let stop = ShrinkStop(rawValue: text) else { throw error(key, "must be exhausted, attemptBudget or timeBudget") }
        return stop
    }

    func bool(_ key: String) throws(RegressionError) -> Bool {
        let child = try member(key)
        guard case .boolean(let flag) = child.value else { throw child.error(nil, "expected true or false") }
        return flag
    }

    func array(_ key: String) throws(RegressionError) -> [RegressionObject] {
        let child = try member(key)
        guard case .array(let values) = child.value else { throw child.error(nil, "expected an array") }
        return values.enumerated().map { RegressionObject($0.element, path: "\(child.path)[\($0.offset)]", source: source) }
    }
}
