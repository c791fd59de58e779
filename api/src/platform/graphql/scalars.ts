import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

const MONEY = /^-?\d{1,13}(\.\d{1,4})?$/;

/**
 * Credits as a decimal string ("100.00"), never a Float: amounts are exact hundredths and
 * clients must not round them through binary floating point.
 */
export const MoneyScalar = new GraphQLScalarType({
  name: 'Money',
  description: 'An exact amount of credits as a decimal string with up to 2 (costs: 4) decimals, e.g. "100.00" or "-0.03".',
  serialize(value) {
    if (typeof value === 'string' && MONEY.test(value)) return value;
    if (typeof value === 'number' && Number.isFinite(value)) return value.toFixed(2);
    throw new GraphQLError(`Money cannot represent ${String(value)}`);
  },
  parseValue(value) {
    if (typeof value === 'string' && MONEY.test(value.trim())) return value.trim();
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    throw new GraphQLError('Money must be a decimal string such as "12.50"', { extensions: { code: 'BAD_USER_INPUT' } });
  },
  parseLiteral(ast) {
    if ((ast.kind === Kind.STRING || ast.kind === Kind.FLOAT || ast.kind === Kind.INT) && MONEY.test(ast.value)) return ast.value;
    throw new GraphQLError('Money must be a decimal string such as "12.50"', { extensions: { code: 'BAD_USER_INPUT' } });
  },
});
