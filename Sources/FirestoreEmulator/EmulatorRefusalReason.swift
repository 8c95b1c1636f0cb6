import FirestoreModel

/// What an emulator refusal's message says: the limits it can stand for, as Crossfire names its
/// rules, and the field it names, when it names one. The emulator's messages are its own wording
/// (`field name '__x__' is reserved.`); those not known here have no rule.
package struct EmulatorRefusalReason: Hashable, Sendable {
    /// Where in the document the named field is, as the message places it.
    package enum Named: Hashable, Sendable {
        /// A field name anywhere in the document (`field name '__x__' is reserved.`).
        case fieldName(String)
        /// A top-level field (`Property x contains an invalid nested entity.`).
        case topLevelField(String)
    }

    /// The rules the message can stand for, the likeliest first; empty when no rule of
    /// Crossfire's model says it. "Property P contains an invalid nested entity." is the
    /// emulator's message for a map or array too deep, for a field path too long below P, and
    /// for a map with the vector's reserved key `__type__` that is no vector.
    package let rules: [LimitViolation.Rule]
    /// The field the message names, if any.
    package let named: Named?

    /// The likeliest rule the message stands for, nil when none.
    package var rule: LimitViolation.Rule? { rules.first }

    /// Reads an emulator message.
    package init(message: String) {
        if message.hasPrefix("Cannot convert an array value in an array value") {
            (rules, named) = ([.nestedArray], nil)
        } else if message.hasPrefix("Geo point latitude") || message.hasPrefix("Geo point longitude") {
            (rules, named) = ([.invalidGeoPoint], nil)
        } else if message.hasPrefix("The property.name is the empty string") {
            (rules, named) = ([.emptyFieldName], nil)
        } else if message.hasPrefix("field name "), message.hasSuffix(" is reserved") || message.hasSuffix(" is reserved.") {
            var name = message.dropFirst("field name ".count)
            name = name.dropLast(name.hasSuffix(".") ? " is reserved.".count : " is reserved".count)
            if name.count >= 2, name.first == "'", name.last == "'" { name = name.dropFirst().dropLast() }
            (rules, named) = ([.reservedFieldName], .fieldName(String(name)))
        } else if message.hasPrefix("Property "), message.hasSuffix(" contains an invalid nested entity.") {
            let name = message.dropFirst("Property ".count).dropLast(" contains an invalid nested entity.".count)
            (rules, named) = ([.nestingTooDeep, .fieldPathTooLong, .reservedFieldName], .topLevelField(String(name)))
        } else if message.hasPrefix("The property.name is longer than") {
            (rules, named) = ([.fieldNameTooLong], nil)
        } else if message.hasPrefix("Vector cannot contain NaN") || message.hasPrefix("Cannot have a zero length vector") {
            // Rules of the emulator's own, which Crossfire's model does not have (Docs/emulator-differences.md).
            (rules, named) = ([], nil)
        } else if message.hasPrefix("Vector ") {
            // A map holding `__type__: "__vector__"` that is no vector: the model refuses the reserved key.
            (rules, named) = ([.reservedFieldName], .fieldName("__type__"))
        } else {
            (rules, named) = ([], nil)
        }
    }

    /// Whether a violation the model found is one the message stands for: one of its rules,
    /// and the field the message names (if any) where the violation is.
    package func matches(_ violation: LimitViolation) -> Bool {
        guard rules.contains(violation.rule) else { return false }
        switch named {
        case nil: return true
        case .fieldName(let name)?:
            guard case .key(let key)? = violation.path.components.last else { return false }
            return key.utf8.elementsEqual(name.utf8)
        case .topLevelField(let name)?:
            guard case .key(let key)? = violation.path.components.first else { return false }
            return key.utf8.elementsEqual(name.utf8)
        }
    }

    /// The first place in `fields` the message's field is (depth first, keys in byte order),
    /// nil when it names none or none is there.
    package func place(in fields: FirestoreMap) -> ValuePath? {
        switch named {
        case nil: return nil
        case .topLevelField(let name)?:
            return fields.contains(key: name) ? ValuePath([.key(name)]) : nil
        case .fieldName(let name)?:
            var pending: [(ValuePath, FirestoreValue)] = fields.sortedByKey().reversed().map { (ValuePath([.key($0.key)]), $0.value) }
            while let (path, value) = pending.popLast() {
                if case .key(let key)? = path.components.last, key.utf8.elementsEqual(name.utf8) { return path }
                switch value {
                case .map(let map):
                    pending += map.sortedByKey().reversed().map { (ValuePath(path.components + [.key($0.key)]), $0.value) }
                case .array(let elements):
                    pending += elements.indices.reversed().map { (ValuePath(path.components + [.index($0)]), elements[$0]) }
                default: break
                }
            }
            return nil
        }
    }
}
