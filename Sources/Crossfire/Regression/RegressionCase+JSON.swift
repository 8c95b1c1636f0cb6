import FirestoreJSON
import FirestoreModel

/// The JSON form of a regression file (version 2; see `Corpus/regressions/README.md`).
extension RegressionCase {
    /// The file's bytes: indented JSON with sorted keys, ending in a newline.
    package func jsonBytes() throws(RegressionError) -> [UInt8] {
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
    /// names it in errors (`at pinned.outcomes[0].check: …`).
    package init(json bytes: [UInt8], name: String, source: String) throws(RegressionError) {
        let value: FirestoreValue
        do {
            value = try PlainJSONReader(options: JSONReadOptions(maximumDepth: JSONReadOptions.depthCeiling)).readValue(from: bytes)
        } catch {
            throw RegressionError(source: source, message: "not JSON: \(error)")
        }
        do {
            try self.init(root: try JSONObject(value), name: name, source: source)
        } catch {
            throw RegressionError(source: source, message: "at \(error.location): \(error.message)")
        }
    }

    private init(root: JSONObject, name: String, source: String) throws(JSONObjectError) {
        let version = try root.integer("crossfireRegression")
        guard RegressionCase.formatVersions.contains(version) else {
            let versions = RegressionCase.formatVersions
            throw root.error(at: "crossfireRegression", "format version \(version); this Crossfire reads versions \(versions.lowerBound) and \(versions.upperBound)")
        }
        let finding = try root.object("finding")
        let target = RegressionTarget(key: try RegressionCase.classKey(finding.string("class"), at: finding.location(of: "class")),
                                      path: try finding.string("path"), schemaPath: try finding.string("schemaPath"))
        let mappers = try root.strings("mappers")
        let stored = try StoredCase(try root.object("case"))
        let pinnedObject = try root.object("pinned")
        var outcomes: [MapperCheckOutcome] = []
        for object in try pinnedObject.objects("outcomes") {
            let checkText = try object.string("check")
            guard let outcomeCheck = CheckKind(rawValue: checkText) else { throw object.error(at: "check", "unknown check \"\(checkText)\"") }
            var stage: MapperCheckOutcome.Stage?
            if let stageText = try object.optionalString("stage") {
                guard let parsed = MapperCheckOutcome.Stage(rawValue: stageText) else { throw object.error(at: "stage", "must be encode or decode") }
                stage = parsed
            }
            outcomes.append(MapperCheckOutcome(check: outcomeCheck, mapper: try object.string("mapper"), result: try object.string("result"),
                                               path: try object.optionalString("path"), stage: stage))
        }
        var classes: [FindingClassKey] = []
        for (index, text) in try pinnedObject.strings("classes").enumerated() {
            classes.append(try RegressionCase.classKey(text, at: "\(pinnedObject.path(of: "classes"))[\(index)]"))
        }
        let crash = try RegressionCase.crash(pinnedObject)
        guard (crash != nil) == (version == 3) else {
            throw pinnedObject.error(at: "crash", version == 3 ? "missing: format version 3 pins a crash" : "a pinned crash needs format version 3")
        }
        self.init(name: name, target: target, mappers: mappers, profile: try root.string("profile"), stored: stored,
                  pinned: PinnedOutcome(outcomes: outcomes, classes: classes), shrink: try RegressionCase.shrink(root), crash: crash)
    }

    /// A finding class key read from its canonical text at `location`.
    private static func classKey(_ text: String, at location: String) throws(JSONObjectError) -> FindingClassKey {
        do {
            return try FindingClassKey(canonical: text)
        } catch {
            throw JSONObjectError(path: location, message: error.description)
        }
    }

    /// A shrink's stop reason.
    private static func stop(_ object: JSONObject) throws(JSONObjectError) -> ShrinkStop {
        let text = try object.string("stop")
        guard let stop = ShrinkStop(rawValue: text) else { throw object.error(at: "stop", "must be exhausted, attemptBudget or timeBudget") }
        return stop
    }

    private static func crash(_ pinned: JSONObject) throws(JSONObjectError) -> PinnedCrash? {
        guard let object = try pinned.optionalObject("crash") else { return nil }
        var call: MapperCall?
        if let callObject = try object.optionalObject("call") {
            let functionText = try callObject.string("function")
            guard let function = MapperCall.Function(rawValue: functionText) else { throw callObject.error(at: "function", "must be decode or encode") }
            let checkText = try callObject.string("check")
            guard let check = CheckKind(rawValue: checkText) else { throw callObject.error(at: "check", "unknown check \"\(checkText)\"") }
            call = MapperCall(mapper: try callObject.string("mapper"), function: function, check: check)
        }
        let crash = CaseCrash(call: call, ending: try object.string("ending"), found: try object.string("found"), message: try object.string("message"))
        return PinnedCrash(crash: crash, isFixed: try object.bool("fixed"))
    }

    private static func shrink(_ root: JSONObject) throws(JSONObjectError) -> RegressionShrink? {
        guard let shrink = try root.optionalObject("shrink") else { return nil }
        var choices: ShrinkStatistics?
        if let object = try shrink.optionalObject("choices") {
            choices = ShrinkStatistics(steps: Int(try object.integer("steps")), attempts: Int(try object.integer("attempts")), stop: try stop(object),
                                       choicesBefore: Int(try object.integer("before")), choicesAfter: Int(try object.integer("after")))
        }
        var tree: ShrinkStatistics?
        if let object = try shrink.optionalObject("tree") {
            tree = ShrinkStatistics(steps: Int(try object.integer("steps")), attempts: Int(try object.integer("attempts")), stop: try stop(object))
        }
        return RegressionShrink(choices: choices, tree: tree)
    }
}
