import { useEffect, useState } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CompanyListItem } from '@portal/contracts';
import { Multiplier, ORG_MSG, PRICE_CHANGE_MSG } from '@portal/domain';
import { handledAsSessionEnd, serverMessage } from '../../../shared/api';
import { showErrorModal, useSchemaForm } from '../../../shared/form';
import { FormFields, STATUS_OPTIONS, type FieldSpec } from '../../../shared/kit';
import { companiesKeys } from '../api';
import { useUpdateCompany } from '../mutations';
import { companyEditSchema, type CompanyEditParsed, type CompanyEditValues } from '../editSchema';
import { MULTIPLIER_LABELS, percentageToMultiplierValue, unitsToPercentage, type MultiplierField } from '../format';
import { DangerZone } from './DangerZone';
import { PricePreview } from './PricePreview';
import { ScheduledPriceChanges, ScheduleModal } from '../../price-changes';

type ScheduledPercentages = Partial<Record<'discount' | 'rigidflow' | 'minipro' | 'polyroll', number>>;

/** The typed multipliers that differ from the saved ones, as the percentages a scheduled change sets. */
function changedPercentages(company: CompanyListItem, v: CompanyEditParsed): ScheduledPercentages {
  const out: ScheduledPercentages = {};
  for (const [field] of MULTIPLIERS) {
    if (Multiplier.fromPercentage(company[field]) !== v[field]) {
      out[field.replace('_percentage', '') as keyof ScheduledPercentages] = unitsToPercentage(v[field]);
    }
  }
  return out;
}

const valuesOf = (c: CompanyListItem): CompanyEditValues => ({
  name: c.name,
  status: c.status ? 'true' : 'false',
  discount_percentage: percentageToMultiplierValue(c.discount_percentage),
  rigidflow_percentage: percentageToMultiplierValue(c.rigidflow_percentage),
  minipro_percentage: percentageToMultiplierValue(c.minipro_percentage),
  polyroll_percentage: percentageToMultiplierValue(c.polyroll_percentage),
});

const NAME: FieldSpec<CompanyEditValues>[] = [{ name: 'name', label: 'Organization Name', copy: 'organization name' }];

/** All four multipliers; the spec's form had no Polyroll input (README Decisions). */
const MULTIPLIERS = MULTIPLIER_LABELS;

/** The before/after preview for the multipliers typed differently from the saved ones. */
function ChangedPrices({
  control,
  company,
}: {
  control: Control<CompanyEditValues, unknown, CompanyEditParsed>;
  company: CompanyListItem;
}) {
  const typed = useWatch({ control, name: MULTIPLIERS.map(([k]) => k) });
  const changes: { field: MultiplierField; before: number; after: number }[] = [];
  MULTIPLIERS.forEach(([field], i) => {
    const before = Multiplier.fromPercentage(company[field]);
    const after = Multiplier.fromMultiplier(typed[i]);
    if (before !== null && after !== null && before !== after) changes.push({ field, before, after });
  });
  return <PricePreview changes={changes} />;
}

interface Props {
  company: CompanyListItem;
  /** After a successful delete (the caller navigates to the list). */
  onDeleted: () => void;
}

/**
 * Company edit (/superadmin/companies/edit/:id): name (copy), status, four multipliers 0–1 step
 * 0.0001 (sent ×100 as percentages) with a before/after price preview, Save Changes, Danger Zone.
 */
export function CompanyEditForm({ company, onDeleted }: Props) {
  const queryClient = useQueryClient();
  const updateCompany = useUpdateCompany(company._id);
  const form = useSchemaForm(
    companyEditSchema as unknown as z.ZodType<CompanyEditParsed, CompanyEditValues>,
    valuesOf(company),
  );
  const { control, handleSubmit, reset } = form;
  const { errors, isSubmitting } = form.formState;
  const [scheduling, setScheduling] = useState<ScheduledPercentages | null>(null);

  // "Schedule…": the same multipliers, from a day instead of now.
  const onSchedule = handleSubmit((v) => {
    const percentages = changedPercentages(company, v);
    if (!Object.keys(percentages).length) {
      notifications.show({ color: 'red', message: PRICE_CHANGE_MSG.nothingMoves, autoClose: 4000 });
      return;
    }
    setScheduling(percentages);
  });

  // Fresh server data (after a save, or another superadmin's edit) replaces untouched values.
  useEffect(() => {
    reset(valuesOf(company), { keepDirtyValues: true });
  }, [company, reset]);

  const onSubmit = async (v: CompanyEditParsed) => {
    try {
      const res = await updateCompany({
        id: company._id,
        name: v.name,
        status: v.status,
        discount_percentage: unitsToPercentage(v.discount_percentage),
        rigidflow_percentage: unitsToPercentage(v.rigidflow_percentage),
        minipro_percentage: unitsToPercentage(v.minipro_percentage),
        polyroll_percentage: unitsToPercentage(v.polyroll_percentage),
      });
      notifications.show({ color: 'teal', message: res?.message || ORG_MSG.success.dataUpdated, autoClose: 3000 });
      if (res?.data?.company) {
        reset(valuesOf(res.data.company));
        queryClient.setQueryData(companiesKeys.detail(company._id), (old: unknown) =>
          old && typeof old === 'object' ? { ...old, company: res.data.company } : old,
        );
      }
      await queryClient.invalidateQueries({ queryKey: companiesKeys.all });
    } catch (err) {
      if (handledAsSessionEnd(err)) return;
      showErrorModal(ORG_MSG.failure.updateTitle, serverMessage(err, 'Please try again.'), 'company-update-failed');
    }
  };

  return (
    <Stack gap="xl">
      <Paper withBorder radius="md" p="lg">
        <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Edit company">
          <Stack gap="md">
            <FormFields fields={NAME} form={form} />
            <Controller
              control={control}
              name="status"
              render={({ field }) => (
                <Select
                  label="Status"
                  required
                  allowDeselect={false}
                  data={STATUS_OPTIONS}
                  value={field.value}
                  onChange={(v) => field.onChange(v ?? field.value)}
                  onBlur={field.onBlur}
                  error={errors.status?.message}
                />
              )}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {MULTIPLIERS.map(([key, label]) => (
                <Controller
                  key={key}
                  control={control}
                  name={key}
                  render={({ field }) => (
                    <NumberInput
                      label={label}
                      required
                      min={0}
                      max={1}
                      step={0.0001}
                      decimalScale={4}
                      fixedDecimalScale
                      clampBehavior="strict"
                      allowNegative={false}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={errors[key]?.message}
                    />
                  )}
                />
              ))}
            </SimpleGrid>
            <ChangedPrices control={control} company={company} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => void onSchedule()}>
                Schedule…
              </Button>
              <Button type="submit" loading={isSubmitting}>
                Save Changes
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <ScheduledPriceChanges companyId={company._id} />
      {scheduling && (
        <ScheduleModal
          opened
          title={`Schedule new multipliers for ${company.name}`}
          body={{ kind: 'company_multipliers', company_id: company._id, percentages: scheduling }}
          onScheduled={() => reset(valuesOf(company))}
          onClose={() => setScheduling(null)}
        />
      )}
      <Title order={2} fz="lg" c="red.9" mb={-12}>
        Danger Zone
      </Title>
      <DangerZone company={company} onDeleted={onDeleted} />
    </Stack>
  );
}
