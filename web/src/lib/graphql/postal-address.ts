import { graphql } from '../../gql';

/**
 * The postal address a form starts from (server/modules/person/person.graphql `Address`): street, postcode, city and country, which
 * the severance claim's cash order and the § 108a application prefill. Query documents spread it inside
 * `address { ...PostalAddress }`; codegen adds the fragment to each document that uses it.
 */
export const PostalAddressFragment = graphql(`
  fragment PostalAddress on Address {
    street
    postcode
    city
    country
  }
`);
