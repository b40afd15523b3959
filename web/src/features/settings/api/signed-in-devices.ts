import { useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../../../gql';
import type { SignedInDevicesSection_DeviceFragmentFragment } from '../../../gql/graphql';

export const SignedInDevicesSection_DeviceFragment = graphql(`
  fragment SignedInDevicesSection_DeviceFragment on SignedInDevice {
    id
    browser
    system
    ipAddress
    firstSeenAt
    lastSeenAt
    current
  }
`);

/** The member's signed-in devices (server/modules/devices/devices.graphql `signedInDevices`, decision 0048), the current one first. */
export const SignedInDevicesSection_Query = graphql(`
  query SignedInDevicesSection_Query {
    signedInDevices {
      ...SignedInDevicesSection_DeviceFragment
    }
  }
`);

export const SignedInDevicesSection_EndDeviceMutation = graphql(`
  mutation SignedInDevicesSection_EndDevice($input: EndSignedInDeviceInput!) {
    endSignedInDevice(input: $input) {
      ok {
        devices {
          ...SignedInDevicesSection_DeviceFragment
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);

export const SignedInDevicesSection_EndOthersMutation = graphql(`
  mutation SignedInDevicesSection_EndOthers {
    endOtherSignedInDevices {
      ok {
        ended
        devices {
          ...SignedInDevicesSection_DeviceFragment
        }
      }
      error {
        ...MutationError
      }
    }
  }
`);

/** One device as the section shows it. */
export type SignedInDevice = SignedInDevicesSection_DeviceFragmentFragment;

/** The list, always asked anew when the settings open (another browser may have signed in meanwhile). */
export function useSignedInDevices() {
  return useQuery(SignedInDevicesSection_Query, { fetchPolicy: 'cache-and-network' });
}

/**
 * `endDevice(id)` ends one other session, `endOthers()` every other one; each writes the list the server answers
 * after the end into the cache, so the section shows it at once. Each resolves to the mutation's result (`ok` or
 * `error`), or null when the call failed.
 */
export function useEndSignedInDevices() {
  const [endOne, one] = useMutation(SignedInDevicesSection_EndDeviceMutation);
  const [endAll, all] = useMutation(SignedInDevicesSection_EndOthersMutation);
  const endDevice = async (id: string) => {
    const result = await endOne({
      variables: { input: { id } },
      update(cache, { data }) {
        const devices = data?.endSignedInDevice.ok?.devices;
        if (devices) cache.writeQuery({ query: SignedInDevicesSection_Query, data: { __typename: 'Query', signedInDevices: devices } });
      },
      // A session that no longer exists: show the list as it is now.
      refetchQueries: ({ data }) => (data?.endSignedInDevice.error?.code === 'NOT_FOUND' ? [SignedInDevicesSection_Query] : []),
    });
    return result.data?.endSignedInDevice ?? null;
  };
  const endOthers = async () => {
    const result = await endAll({
      update(cache, { data }) {
        const devices = data?.endOtherSignedInDevices.ok?.devices;
        if (devices) cache.writeQuery({ query: SignedInDevicesSection_Query, data: { __typename: 'Query', signedInDevices: devices } });
      },
    });
    return result.data?.endOtherSignedInDevices ?? null;
  };
  return { endDevice, endOthers, loading: one.loading || all.loading };
}
