import FirestoreJSON

/// The rules a schema must follow so that both mappers can be driven by it and its Swift
/// form compiles. Each rule's error names the schema location it concerns.
extension ModelSchema {
    /// The schema itself when it is valid.
    /// - Throws: the first of `validationErrors()`.
    package func validated() throws(SchemaError) -> ModelSchema {
        if let first = validationErrors().first { throw first }
        return self
    }

    /// Every rule the schema breaks, in schema order (root, structs, enums, then cycles):
    /// - `root` names a struct of the schema;
    /// - type names are `[A-Z][A-Za-z0-9_]*`, property and case names `[a-z][A-Za-z0-9_]*`,
    ///   none a Swift keyword or a name the emitted code uses, all unique where they must be;
    /// - coding keys are non-empty and unique within their struct;
    /// - every type name used resolves to a struct or enum of the schema, no type is a
    ///   double optional (`T??`), and no struct contains itself, directly or through others;
    /// - `@DocumentID` wraps `String?` or `DocumentReference?`, `@ServerTimestamp` wraps
    ///   `Date?` or `Timestamp?`, `@ExplicitNull` wraps an optional;
    /// - a property left out of `CodingKeys` has a type with a zero value (`FieldType.zeroValue`)
    ///   or is a `@DocumentID`;
    /// - an enum has at least one case; raw values match its raw type (none without one) and
    ///   the effective raw values (see `EnumSchema.rawValue(of:)`) are unique and in range;
    /// - a reflective hook fits its field's type (`ReflectiveHook.problem(with:in:)`), and a
    ///   field on the reflective ignore list has no hook (an ignored property is never mapped);
    /// - a hand-written coding fits its field's type (`FieldCoding.problem(with:in:)`), on a
    ///   coded property without a property wrapper.
    package func validationErrors() -> [SchemaError] {
        var errors: [SchemaError] = []
        errors += rootErrors()
        errors += typeNameErrors()
        for (index, structSchema) in structs.enumerated() {
            errors += fieldErrors(of: structSchema, at: "structs[\(index)]")
        }
        for (index, enumSchema) in enums.enumerated() {
            errors += enumErrors(of: enumSchema, at: "enums[\(index)]")
        }
        errors += cycleErrors()
        return errors
    }

    private func rootErrors() -> [SchemaError] {
        if structSchema(named: root) != nil { return [] }
        let message = enumSchema(named: root) != nil
            ? "root \(JSONObject.quoted(root)) names an enum; the root must be a struct"
            : "root \(JSONObject.quoted(root)) names no struct of the schema"
        return [SchemaError(location: "root", message: message)]
    }

    private func typeNameErrors() -> [SchemaError] {
        var errors: [SchemaError] = []
        var firstDeclared: [String: String] = [:]
        let named = structs.enumerated().map { ("structs[\($0.offset)].name", $0.element.name) }
            + enums.enumerated().map { ("enums[\($0.offset)].name", $0.element.name) }
        for (location, name) in named {
            let located = "\(location) (\(name))"
            if let problem = Self.nameProblem(name, SwiftNames.problem(withTypeName: name), noun: "type", at: location, firstDeclared: &firstDeclared) {
                errors.append(SchemaError(location: located, message: problem))
            }
        }
        return errors
    }

    /// What is wrong with a type, property or case name declared at `location`: `problem`
    /// (it is no Swift name for it), or that an earlier one has the same name
    /// (`firstDeclared` holds where each name was first declared, and learns this one).
    private static func nameProblem(_ name: String, _ problem: String?, noun: String, at location: String,
                                    firstDeclared: inout [String: String]) -> String? {
        if let problem { return problem }
        if let earlier = firstDeclared[name] { return "duplicate \(noun) name \(name), first declared at \(earlier)" }
        firstDeclared[name] = location
        return nil
    }

    private func fieldErrors(of structSchema: StructSchema, at path: String) -> [SchemaError] {
        var errors: [SchemaError] = []
        var names: [String: String] = [:]
        var keys: [String: Int] = [:]
        for (index, field) in structSchema.fields.enumerated() {
            let fieldPath = "\(path).fields[\(index)]"
            let label = "(\(structSchema.name).\(field.name))"
            func error(_ member: String, _ message: String) {
                errors.append(SchemaError(location: "\(fieldPath).\(member) \(label)", message: message))
            }
            if let problem = Self.nameProblem(field.name, SwiftNames.problem(withMemberName: field.name, reserved: SwiftNames.reservedPropertyNames),
                                              noun: "property", at: fieldPath, firstDeclared: &names) {
                error("name", problem)
            }
            if let key = field.codingKey {
                if key.isEmpty {
                    error("key", "the coding key is empty; Firestore field names must not be empty")
                } else if let earlier = keys[key] {
                    error("key", "duplicate coding key \(JSONObject.quoted(key)), first used by \(path).fields[\(earlier)] (\(structSchema.name).\(structSchema.fields[earlier].name))")
                } else {
                    keys[key] = index
                }
            }
            if let problem = typeProblem(field.type) { error("type", problem) }
            if let wrapper = field.wrapper, let problem = wrapperProblem(wrapper, type: field.type) { error("wrapper", problem) }
            if field.codingKey == nil, field.wrapper != .documentID, field.type.zeroValue == nil {
                error("coded", "a property left out of CodingKeys needs a default value, and \(field.type) has none; only optionals, String, Bool, numbers, Decimal, arrays, sets, dictionaries and @DocumentID properties can be left out")
            }
            if let coding = field.coding {
                if field.codingKey == nil {
                    error("coding", "a property left out of CodingKeys is never coded, so it has no hand-written coding")
                } else if let wrapper = field.wrapper {
                    error("coding", "a @\(wrapper.rawValue) property is coded through its wrapper type, so it has no hand-written coding")
                } else if typeProblem(field.type) == nil, let problem = coding.problem(with: field.type, in: self) {
                    error("coding", problem)
                }
            }
            if let hook = field.hook {
                if field.reflectiveIgnore {
                    error("hook", "a property on the ignore list is never written or read, so it cannot have a hook")
                } else if typeProblem(field.type) == nil, let problem = hook.problem(with: field.type, in: self) {
                    error("hook", problem)
                }
            }
        }
        return errors
    }

    /// What is wrong with a field type: an unknown name or a double optional.
    private func typeProblem(_ type: FieldType) -> String? {
        switch type {
        case .string, .bool, .integer, .float, .double, .decimal, .date, .url, .data, .timestamp, .geoPoint,
             .documentReference, .hexColor:
            return nil
        case .enumeration(let name):
            return enumSchema(named: name) == nil ? "unknown enum \(name)" : nil
        case .structure(let name):
            return structSchema(named: name) == nil ? "unknown type \(name): no struct or enum of the schema has this name" : nil
        case .optional(let inner):
            if inner.isOptional { return "double optional \(type) is not allowed: Codable cannot tell its two nils apart" }
            return typeProblem(inner)
        case .array(let element), .set(let element):
            return typeProblem(element)
        case .dictionary(let key, let value):
            if case .enumeration(let name) = key, enumSchema(named: name) == nil { return "unknown enum \(name) as dictionary key" }
            return typeProblem(value)
        }
    }

    private func wrapperProblem(_ wrapper: PropertyWrapper, type: FieldType) -> String? {
        switch wrapper {
        case .documentID:
            return type == .optional(.string) || type == .optional(.documentReference)
                ? nil : "@DocumentID needs type String? or DocumentReference?, found \(type)"
        case .serverTimestamp:
            return type == .optional(.date) || type == .optional(.timestamp)
                ? nil : "@ServerTimestamp needs type Date? or Timestamp?, found \(type)"
        case .explicitNull:
            return type.isOptional ? nil : "@ExplicitNull needs an optional type, found \(type)"
        }
    }

    private func enumErrors(of enumSchema: EnumSchema, at path: String) -> [SchemaError] {
        guard !enumSchema.cases.isEmpty else {
            return [SchemaError(location: "\(path).cases (\(enumSchema.name))", message: "an enum needs at least one case")]
        }
        var errors: [SchemaError] = []
        var names: [String: String] = [:]
        var rawValues: [EnumRawValue: Int] = [:]
        var nextInt: Int64? = 0
        for (index, enumCase) in enumSchema.cases.enumerated() {
            let casePath = "\(path).cases[\(index)]"
            let label = "(\(enumSchema.name).\(enumCase.name))"
            func error(_ member: String?, _ message: String) {
                let location = member.map { "\(casePath).\($0) \(label)" } ?? "\(casePath) \(label)"
                errors.append(SchemaError(location: location, message: message))
            }
            if let problem = Self.nameProblem(enumCase.name, SwiftNames.problem(withMemberName: enumCase.name, reserved: SwiftNames.reservedCaseNames),
                                              noun: "case", at: casePath, firstDeclared: &names) {
                error("name", problem)
            }
            var effective: EnumRawValue?
            switch (enumSchema.rawType, enumCase.rawValue) {
            case (.none, nil):
                effective = nil
            case (.none, let value?):
                error("rawValue", "raw value \(value) on an enum without raw values; give the enum \"raw\": \"String\" or \"Int\"")
            case (.string, nil):
                effective = .string(enumCase.name)
            case (.string, .string(let text)?):
                effective = .string(text)
            case (.int, .int(let number)?):
                effective = .int(number)
                nextInt = number == Int64.max ? nil : number + 1
            case (.int, nil):
                if let next = nextInt {
                    effective = .int(next)
                    nextInt = next == Int64.max ? nil : next + 1
                } else {
                    error(nil, "the implicit raw value (the previous one plus 1) overflows Int")
                }
            case (.string, .int(let number)?):
                error("rawValue", "integer raw value \(number) in a String enum")
            case (.int, .string(let text)?):
                error("rawValue", "string raw value \(JSONObject.quoted(text)) in an Int enum")
            }
            guard let effective else { continue }
            if let earlier = rawValues[effective] {
                let how = enumCase.rawValue == nil ? "implicit raw value" : "raw value"
                error(enumCase.rawValue == nil ? nil : "rawValue", "\(how) \(effective) is already the raw value of case \(enumSchema.cases[earlier].name)")
            } else {
                rawValues[effective] = index
            }
        }
        return errors
    }

    /// One error per field that closes a cycle of structs (a struct that contains itself,
    /// directly or through other structs, in any position: plain, optional or in a collection).
    private func cycleErrors() -> [SchemaError] {
        enum Mark { case visiting, done }
        var marks: [String: Mark] = [:]
        var errors: [SchemaError] = []
        var trail: [String] = []
        func visit(_ structIndex: Int) {
            let structSchema = structs[structIndex]
            marks[structSchema.name] = .visiting
            trail.append(structSchema.name)
            for (fieldIndex, field) in structSchema.fields.enumerated() {
                for name in field.type.referencedStructNames {
                    guard let target = structs.firstIndex(where: { $0.name == name }) else { continue }
                    switch marks[name] {
                    case .visiting?:
                        let cycle = trail.drop { $0 != name } + [name]
                        errors.append(SchemaError(
                            location: "structs[\(structIndex)].fields[\(fieldIndex)].type (\(structSchema.name).\(field.name))",
                            message: "struct cycle \(cycle.joined(separator: " → ")): a struct cannot contain itself"
                        ))
                    case nil:
                        visit(target)
                    case .done?:
                        break
                    }
                }
            }
            trail.removeLast()
            marks[structSchema.name] = .done
        }
        for index in structs.indices where marks[structs[index].name] == nil {
            visit(index)
        }
        return errors
    }
}

extension FieldType {
    /// The type and every type nested in it, outermost first (`[String: Tag?]` gives the
    /// dictionary, `Tag?` and `Tag`; dictionary keys are not included).
    var nestedTypes: [FieldType] {
        switch self {
        case .optional(let inner), .array(let inner), .set(let inner), .dictionary(_, let inner): return [self] + inner.nestedTypes
        default: return [self]
        }
    }

    /// The names of the structs this type mentions, at any depth.
    var referencedStructNames: [String] {
        nestedTypes.compactMap { if case .structure(let name) = $0 { return name } else { return nil } }
    }
}
