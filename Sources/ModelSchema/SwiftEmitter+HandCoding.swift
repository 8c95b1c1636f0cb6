/// The hand-written `Codable` of a struct that codes a property by hand (`FieldCoding`), or
/// that another struct reads inline: its `CodingKeys`, `init(from:)` and `encode(to:)` as a
/// developer writes them, each of them through a keyed container (`init(from container:)`,
/// `encode(to container:)`) so that an enclosing struct can read and write it inline. Properties
/// without a coding get the calls synthesized code makes; locals start with `_` and properties
/// are always reached through `self`, so that no local shadows one.
extension SwiftEmitter {
    /// Whether the emitted struct declares its own `Codable` methods.
    static func codesByHand(_ structSchema: StructSchema, in schema: ModelSchema) -> Bool {
        structSchema.isHandCoded || schema.inlineStructNames.contains(structSchema.name)
    }

    /// The methods, after the struct's `CodingKeys`.
    func emitHandCoding(_ structSchema: StructSchema, into source: inout SwiftSource) {
        source.line("// MARK: Hand-written Codable")
        source.line()
        source.block("init(from decoder: any Decoder) throws") { body in
            body.line("try self.init(from: decoder.container(keyedBy: CodingKeys.self))")
        }
        source.line()
        source.line("/// Reads the properties from a keyed container: the struct's own, or one an enclosing struct opened.")
        source.block("init(from container: KeyedDecodingContainer<CodingKeys>) throws") { body in
            for field in structSchema.fields {
                guard let key = field.codingKey else { continue }
                emitRead(field, key: key, into: &body)
            }
        }
        source.line()
        source.block("func encode(to encoder: any Encoder) throws") { body in
            body.line("var container = encoder.container(keyedBy: CodingKeys.self)")
            body.line("try encode(to: &container)")
        }
        source.line()
        source.line("/// Writes the properties into a keyed container: the struct's own, or one an enclosing struct opened.")
        source.block("func encode(to container: inout KeyedEncodingContainer<CodingKeys>) throws") { body in
            for field in structSchema.fields {
                guard let key = field.codingKey else { continue }
                emitWrite(field, key: key, into: &body)
            }
        }
    }

    // MARK: Reading

    private func emitRead(_ field: FieldSchema, key: String, into body: inout SwiftSource) {
        let name = field.name
        let codingKey = "." + name
        if let wrapper = field.wrapper {
            body.line("self._\(name) = try container.decode(\(wrapper.rawValue)<\(field.type.unwrapped)>.self, forKey: \(codingKey))")
            return
        }
        switch (field.coding, field.type) {
        case (nil, .optional(let inner)):
            body.line("self.\(name) = try container.decodeIfPresent(\(inner).self, forKey: \(codingKey))")
        case (nil, _):
            body.line("self.\(name) = try container.decode(\(field.type).self, forKey: \(codingKey))")
        case (.elementwise?, .optional(.array(let element))):
            body.ifElse("container.contains(\(codingKey)), try !container.decodeNil(forKey: \(codingKey))") { branch in
                emitElementwiseRead(name, element: element, codingKey: codingKey, into: &branch)
            } else: { branch in
                branch.line("self.\(name) = nil")
            }
        case (.elementwise?, .array(let element)):
            emitElementwiseRead(name, element: element, codingKey: codingKey, into: &body)
        case (.nested?, .optional(.structure(let structName))):
            body.ifElse("container.contains(\(codingKey)), try !container.decodeNil(forKey: \(codingKey))") { branch in
                branch.line("self.\(name) = try \(structName)(from: container.nestedContainer(keyedBy: \(structName).CodingKeys.self, forKey: \(codingKey)))")
            } else: { branch in
                branch.line("self.\(name) = nil")
            }
        case (.nested?, .structure(let structName)):
            body.line("self.\(name) = try \(structName)(from: container.nestedContainer(keyedBy: \(structName).CodingKeys.self, forKey: \(codingKey)))")
        case (.superCoder?, .structure(let structName)):
            let decoder = key == "super" ? "container.superDecoder()" : "container.superDecoder(forKey: \(codingKey))"
            body.line("self.\(name) = try \(structName)(from: \(decoder))")
        case (.singleValue?, _):
            body.line("self.\(name) = try container.decode(\(Self.singleValueTypeName(field.type)).self, forKey: \(codingKey)).value")
        case (.twoEncodings?, .optional(let inner)):
            body.line("self.\(name) = try container.decodeIfPresent(\(Self.twoEncodingsTypeName(inner)).self, forKey: \(codingKey))?.value")
        case (.twoEncodings?, _):
            body.line("self.\(name) = try container.decode(\(Self.twoEncodingsTypeName(field.type)).self, forKey: \(codingKey)).value")
        default:
            body.line("self.\(name) = try container.decode(\(field.type).self, forKey: \(codingKey))")
        }
    }

    private func emitElementwiseRead(_ name: String, element: FieldType, codingKey: String, into body: inout SwiftSource) {
        let list = "_\(name)_list"
        let values = "_\(name)_values"
        body.line("var \(list) = try container.nestedUnkeyedContainer(forKey: \(codingKey))")
        body.line("var \(values): [\(element)] = []")
        body.block("while !\(list).isAtEnd") { loop in
            loop.line("\(values).append(\(Self.elementRead(element, list: list)))")
        }
        body.line("self.\(name) = \(values)")
    }

    /// Reading the next element of an unkeyed container `list`.
    private static func elementRead(_ element: FieldType, list: String) -> String {
        switch element {
        case .structure(let structName):
            return "try \(structName)(from: \(list).nestedContainer(keyedBy: \(structName).CodingKeys.self))"
        case .optional(.structure(let structName)):
            return "try \(list).decodeNil() ? nil : \(structName)(from: \(list).nestedContainer(keyedBy: \(structName).CodingKeys.self))"
        case .optional(let inner):
            return "try \(list).decodeIfPresent(\(inner).self)"
        default:
            return "try \(list).decode(\(element).self)"
        }
    }

    // MARK: Writing

    private func emitWrite(_ field: FieldSchema, key: String, into body: inout SwiftSource) {
        let name = field.name
        let codingKey = "." + name
        if field.wrapper != nil {
            body.line("try container.encode(self._\(name), forKey: \(codingKey))")
            return
        }
        switch (field.coding, field.type) {
        case (nil, .optional):
            body.line("try container.encodeIfPresent(self.\(name), forKey: \(codingKey))")
        case (nil, _):
            body.line("try container.encode(self.\(name), forKey: \(codingKey))")
        case (.elementwise?, .optional(.array(let element))):
            body.block("if let _\(name) = self.\(name)") { branch in
                emitElementwiseWrite(name, values: "_\(name)", element: element, codingKey: codingKey, into: &branch)
            }
        case (.elementwise?, .array(let element)):
            emitElementwiseWrite(name, values: "self.\(name)", element: element, codingKey: codingKey, into: &body)
        case (.nested?, .optional(.structure(let structName))):
            body.block("if let _\(name) = self.\(name)") { branch in
                branch.line("var _\(name)_container = container.nestedContainer(keyedBy: \(structName).CodingKeys.self, forKey: \(codingKey))")
                branch.line("try _\(name).encode(to: &_\(name)_container)")
            }
        case (.nested?, .structure(let structName)):
            body.line("var _\(name)_container = container.nestedContainer(keyedBy: \(structName).CodingKeys.self, forKey: \(codingKey))")
            body.line("try self.\(name).encode(to: &_\(name)_container)")
        case (.superCoder?, _):
            let encoder = key == "super" ? "container.superEncoder()" : "container.superEncoder(forKey: \(codingKey))"
            body.line("try self.\(name).encode(to: \(encoder))")
        case (.singleValue?, _):
            body.line("try container.encode(\(Self.singleValueTypeName(field.type))(self.\(name)), forKey: \(codingKey))")
        case (.twoEncodings?, .optional(let inner)):
            body.line("try container.encodeIfPresent(self.\(name).map(\(Self.twoEncodingsTypeName(inner)).init), forKey: \(codingKey))")
        case (.twoEncodings?, _):
            body.line("try container.encode(\(Self.twoEncodingsTypeName(field.type))(self.\(name)), forKey: \(codingKey))")
        default:
            body.line("try container.encode(self.\(name), forKey: \(codingKey))")
        }
    }

    private func emitElementwiseWrite(_ name: String, values: String, element: FieldType, codingKey: String, into body: inout SwiftSource) {
        let list = "_\(name)_list"
        body.line("var \(list) = container.nestedUnkeyedContainer(forKey: \(codingKey))")
        body.block("for _element in \(values)") { loop in
            switch element {
            case .structure(let structName):
                loop.line("var _item = \(list).nestedContainer(keyedBy: \(structName).CodingKeys.self)")
                loop.line("try _element.encode(to: &_item)")
            case .optional(.structure(let structName)):
                loop.ifElse("let _element") { branch in
                    branch.line("var _item = \(list).nestedContainer(keyedBy: \(structName).CodingKeys.self)")
                    branch.line("try _element.encode(to: &_item)")
                } else: { branch in
                    branch.line("try \(list).encodeNil()")
                }
            case .optional:
                loop.ifElse("let _element") { branch in
                    branch.line("try \(list).encode(_element)")
                } else: { branch in
                    branch.line("try \(list).encodeNil()")
                }
            default:
                loop.line("try \(list).encode(_element)")
            }
        }
    }

    // MARK: The wrapper types

    /// `_SingleValueInt8`, or `_SingleValueOptionalInt8` for `Int8?`: a leading `_` keeps the
    /// name apart from every schema type's.
    static func singleValueTypeName(_ type: FieldType) -> String {
        if case .optional(let inner) = type { return "_SingleValueOptional\(inner)" }
        return "_SingleValue\(type)"
    }

    /// `_TwoEncodingsData`, `_TwoEncodingsInt8`, …
    static func twoEncodingsTypeName(_ type: FieldType) -> String {
        "_TwoEncodings\(type.unwrapped)"
    }

    /// The wrapper types the schema's fields use, each once, in the order first used.
    static func wrapperTypes(of schema: ModelSchema) -> [String] {
        var seen: Set<String> = []
        var sources: [String] = []
        for structSchema in schema.structs {
            for field in structSchema.fields where field.codingKey != nil {
                let source: String
                switch field.coding {
                case .singleValue?: source = singleValueType(field.type)
                case .twoEncodings?: source = twoEncodingsType(field.type.unwrapped)
                default: continue
                }
                if seen.insert(source).inserted { sources.append(source) }
            }
        }
        return sources
    }

    private static func singleValueType(_ type: FieldType) -> String {
        guard case .optional(let inner) = type else {
            return wrapperType(
                name: singleValueTypeName(type), value: "\(type)",
                summary: "`\(type)` through a single-value container, as a hand-written wrapper type codes it.",
                decode: ["value = try container.decode(\(type).self)"], encode: ["try container.encode(value)"]
            )
        }
        return wrapperType(
            name: singleValueTypeName(type), value: "\(inner)?",
            summary: "`\(inner)?` through a single-value container, as a hand-written wrapper type codes it: null is nil.",
            decode: ["value = container.decodeNil() ? nil : try container.decode(\(inner).self)"],
            encode: ["if let value {", "    try container.encode(value)", "} else {", "    try container.encodeNil()", "}"]
        )
    }

    private static func twoEncodingsType(_ type: FieldType) -> String {
        let parse = type == .data ? "Data(base64Encoded: text)" : "\(type)(text)"
        let what = FieldCoding.twoEncodingsText(isData: type == .data)
        return wrapperType(
            name: twoEncodingsTypeName(type), value: "\(type)",
            summary: "`\(type)` from its own encoding or from \(what), as a hand-written type that accepts two encodings reads it; written as itself.",
            decode: [
                "if let text = try? container.decode(String.self) {",
                "    guard let value = \(parse) else {",
                "        throw DecodingError.dataCorruptedError(in: container, debugDescription: \"\\\"\\(text)\\\" is no \(type) written as \(what).\")",
                "    }",
                "    self.value = value",
                "} else {",
                "    value = try container.decode(\(type).self)",
                "}",
            ],
            encode: ["try container.encode(value)"]
        )
    }

    /// A wrapper struct over a single-value container: `value`, an initializer taking it, and
    /// the bodies of `init(from:)` (after `let container = …`) and `encode(to:)` (after `var container = …`).
    private static func wrapperType(name: String, value: String, summary: String, decode: [String], encode: [String]) -> String {
        var source = SwiftSource()
        source.line("/// " + summary)
        source.block("struct \(name): Codable") { body in
            body.line("var value: \(value)")
            body.line()
            body.block("init(_ value: \(value))") { initializer in initializer.line("self.value = value") }
            body.line()
            body.block("init(from decoder: any Decoder) throws") { initializer in
                initializer.line("let container = try decoder.singleValueContainer()")
                for line in decode { initializer.line(line) }
            }
            body.line()
            body.block("func encode(to encoder: any Encoder) throws") { method in
                method.line("var container = encoder.singleValueContainer()")
                for line in encode { method.line(line) }
            }
        }
        return String(source.text.dropLast())
    }
}

extension ModelSchema {
    /// The structs some field reads inline through a nested keyed container: the type of a
    /// `nested` field, and the element type of an `elementwise` one.
    package var inlineStructNames: Set<String> {
        var names: Set<String> = []
        for structSchema in structs {
            for field in structSchema.fields where field.codingKey != nil {
                switch (field.coding, field.type.unwrapped) {
                case (.nested?, .structure(let name)): names.insert(name)
                case (.elementwise?, .array(let element)):
                    if case .structure(let name) = element.unwrapped { names.insert(name) }
                default: break
                }
            }
        }
        return names
    }
}
