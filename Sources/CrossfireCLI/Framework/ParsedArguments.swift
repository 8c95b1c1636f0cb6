/// A command line parsed against a command's configuration.
struct ParsedArguments {
    /// Option values by option name (`--from` → `rest`).
    private(set) var values: [String: String] = [:]
    /// The flags given.
    private(set) var flags: Set<String> = []
    /// The positional arguments, in order.
    private(set) var positionals: [String] = []
    /// Whether `--help` or `-h` was given.
    private(set) var helpRequested = false

    /// Parses `arguments` (after the command name): `--name value`, `--name=value`, flags,
    /// `--name [value]` (an option whose value may be left out), `--help`/`-h`, `--` (everything after it is positional) and `-` (a positional, meaning
    /// standard input).
    init(_ arguments: [String], for configuration: CommandConfiguration) throws(UsageError) {
        // `--help` wins over every other problem on the line.
        let options = arguments.prefix { $0 != "--" }
        if options.contains("--help") || options.contains("-h") {
            helpRequested = true
            return
        }
        var remaining = arguments[...]
        var onlyPositionals = false
        while let argument = remaining.popFirst() {
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            let (name, inlineValue) = Self.split(argument)
            guard let option = configuration.options.first(where: { $0.name == name }) else {
                throw UsageError(message: "unknown option \(name)")
            }
            guard values[name] == nil, !flags.contains(name) else {
                throw UsageError(message: "option \(name) given more than once")
            }
            switch option.value {
            case .none:
                guard inlineValue == nil else { throw UsageError(message: "option \(name) takes no value") }
                flags.insert(name)
            case .free, .choice:
                guard let value = inlineValue ?? remaining.popFirst() else {
                    throw UsageError(message: "option \(name) needs a value (\(option.synopsis))")
                }
                if case .choice(let choices) = option.value, !choices.contains(value) {
                    throw UsageError(message: "invalid value '\(value)' for \(name) (expected \(choices.joined(separator: " or ")))")
                }
                values[name] = value
            case .optional:
                if let value = inlineValue ?? (remaining.first.map { !$0.hasPrefix("-") } == true ? remaining.popFirst() : nil) {
                    values[name] = value
                } else {
                    flags.insert(name)
                }
            }
        }
        for option in configuration.options where option.isRequired && values[option.name] == nil {
            throw UsageError(message: "missing option \(option.synopsis)")
        }
        try checkCount(of: configuration.arguments)
    }

    /// The value of an option, if given.
    func value(_ name: String) -> String? {
        values[name]
    }

    /// Whether a flag was given (an option whose value may be left out: given without one).
    func flag(_ name: String) -> Bool {
        flags.contains(name)
    }

    /// Whether an option was given, with a value or without.
    func given(_ name: String) -> Bool {
        flags.contains(name) || values[name] != nil
    }

    /// The value of a choice option as its type; nil when not given.
    func choice<Choice: RawRepresentable>(_ name: String, as type: Choice.Type) throws(UsageError) -> Choice?
    where Choice.RawValue == String {
        guard let text = values[name] else { return nil }
        guard let choice = Choice(rawValue: text) else { throw UsageError(message: "invalid value '\(text)' for \(name)") }
        return choice
    }

    /// The value of a required choice option as its type.
    func requiredChoice<Choice: RawRepresentable>(_ name: String, as type: Choice.Type) throws(UsageError) -> Choice
    where Choice.RawValue == String {
        guard let choice = try choice(name, as: type) else { throw UsageError(message: "missing option \(name)") }
        return choice
    }

    /// Splits `--name=value` into its parts.
    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// Checks the number of positionals against the declared arguments.
    private func checkCount(of arguments: [ArgumentSpec]) throws(UsageError) {
        var available = positionals.count
        for argument in arguments {
            switch argument.count {
            case .one:
                guard available >= 1 else { throw UsageError(message: "missing argument \(argument.name)") }
                available -= 1
            case .optional:
                available = max(available - 1, 0)
            case .oneOrMore:
                guard available >= 1 else { throw UsageError(message: "missing argument \(argument.name)") }
                available = 0
            case .zeroOrMore:
                available = 0
            }
        }
        if available > 0 {
            throw UsageError(message: "unexpected argument '\(positionals[positionals.count - available])'")
        }
    }
}
