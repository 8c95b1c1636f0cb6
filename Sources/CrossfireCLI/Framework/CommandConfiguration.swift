/// What a command is called, what it does, and the options and arguments it takes. The
/// parser, the usage line and the help text all come from it.
struct CommandConfiguration: Sendable {
    /// The name on the command line (`convert`).
    let name: String
    /// One line for the command list.
    let abstract: String
    /// Longer help, shown by `--help` after the options (may be empty).
    let discussion: String
    /// The options (`--from`, `--sorted-keys`), in the order help lists them.
    let options: [OptionSpec]
    /// The positional arguments, in order.
    let arguments: [ArgumentSpec]

    init(name: String, abstract: String, discussion: String = "", options: [OptionSpec] = [], arguments: [ArgumentSpec] = []) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.arguments = arguments
    }

    /// The usage line without the tool name: `convert --from rest|plain [--sorted-keys] FILE`.
    var usage: String {
        var parts = [name]
        for option in options where !option.isHidden {
            parts.append(option.isRequired ? option.synopsis : "[\(option.synopsis)]")
        }
        for argument in arguments {
            parts.append(argument.synopsis)
        }
        return parts.joined(separator: " ")
    }
}

/// An option: a flag (`--sorted-keys`) or an option with a value (`--from rest`), the value
/// free, one of a fixed set, or free and optional.
struct OptionSpec: Sendable {
    /// What follows the option name.
    enum Value: Sendable {
        /// Nothing: the option is a flag.
        case none
        /// Any value, shown in help as this placeholder (`N`, `PATH`).
        case free(placeholder: String)
        /// One of these values.
        case choice([String])
        /// A value that may be left out (`--emulator [HOST:PORT]`): the next argument is the
        /// option's value unless it begins with `-`.
        case optional(placeholder: String)
    }

    /// The option with its dashes (`--from`).
    let name: String
    let value: Value
    let help: String
    /// Whether the command line must give it.
    let isRequired: Bool
    /// Whether usage and help leave it out (an internal mode, documented where it is used).
    var isHidden = false

    /// A flag: present or not.
    static func flag(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name: name, value: .none, help: help, isRequired: false)
    }

    /// A flag that usage and help leave out.
    static func hiddenFlag(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name: name, value: .none, help: help, isRequired: false, isHidden: true)
    }

    /// An option with any value.
    static func value(_ name: String, placeholder: String, help: String, required: Bool = false) -> OptionSpec {
        OptionSpec(name: name, value: .free(placeholder: placeholder), help: help, isRequired: required)
    }

    /// An option whose value may be left out: given alone it is a flag, with a value a value.
    static func optionalValue(_ name: String, placeholder: String, help: String) -> OptionSpec {
        OptionSpec(name: name, value: .optional(placeholder: placeholder), help: help, isRequired: false)
    }

    /// An option whose value is a case of `choices` (by raw value).
    static func choice<Choice: CaseIterable & RawRepresentable>(
        _ name: String, of choices: Choice.Type, help: String, required: Bool = false
    ) -> OptionSpec where Choice.RawValue == String {
        OptionSpec(name: name, value: .choice(choices.allCases.map(\.rawValue)), help: help, isRequired: required)
    }

    /// The option as usage shows it: `--from rest|plain`, `--limit N`, `--sorted-keys`.
    var synopsis: String {
        switch value {
        case .none: return name
        case .free(let placeholder): return "\(name) \(placeholder)"
        case .choice(let values): return "\(name) \(values.joined(separator: "|"))"
        case .optional(let placeholder): return "\(name) [\(placeholder)]"
        }
    }
}

/// A positional argument.
struct ArgumentSpec: Sendable {
    /// How many values it takes.
    enum Count: Sendable {
        case one, optional, oneOrMore, zeroOrMore
    }

    /// The placeholder (`FILE`).
    let name: String
    let help: String
    let count: Count

    init(_ name: String, help: String, count: Count = .one) {
        self.name = name
        self.help = help
        self.count = count
    }

    /// The argument as usage shows it: `FILE`, `[FILE]`, `FILE...`, `[FILE...]`.
    var synopsis: String {
        switch count {
        case .one: return name
        case .optional: return "[\(name)]"
        case .oneOrMore: return "\(name)..."
        case .zeroOrMore: return "[\(name)...]"
        }
    }
}
